#!/usr/bin/env python3
"""Validate fresh-b/cases.jsonl (schema, enums, mix requirements, source paths)."""
import json, sys, subprocess, collections, os

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "cases.jsonl")
REPOS = {"smart-emcare": "/work/.mirror/WorldHealthOrganization+smart-emcare/repo",
         "smart-anc": "/work/.mirror/WorldHealthOrganization+smart-anc/repo"}
LANGS = {"en", "en-wa", "pcm", "fr", "mixed"}
AGES = {"young_infant", "child", "older_child", "adult", "pregnant", "postpartum"}
LOOKALIKE = set("\u0430\u0435\u043e\u0440\u0441\u0455\u03bf\u03b1\u200b\u00ad")
KEYS = ["id", "source", "language", "style", "age_group", "messages", "expect", "sign", "clarification_answer"]

errs = []
rows = []
with open(PATH, encoding="utf-8") as fh:
    for n, line in enumerate(fh, 1):
        try:
            o = json.loads(line)
        except Exception as e:
            errs.append(f"line {n}: bad json {e}"); continue
        rows.append(o)
        if list(o.keys()) != KEYS:
            errs.append(f"{o.get('id')}: keys {list(o.keys())}")
        s = o.get("source", {})
        if set(s) != {"repo", "file", "table", "row"} or not all(isinstance(v, str) and v for v in s.values()):
            errs.append(f"{o['id']}: bad source")
        if s.get("repo") not in REPOS:
            errs.append(f"{o['id']}: repo {s.get('repo')}")
        if o["language"] not in LANGS: errs.append(f"{o['id']}: language")
        if o["age_group"] not in AGES: errs.append(f"{o['id']}: age_group")
        if o["expect"] not in {"refer", "no_refer"}: errs.append(f"{o['id']}: expect")
        if o["clarification_answer"] not in {"yes", "no"}: errs.append(f"{o['id']}: clarification_answer")
        m = o["messages"]
        if not (isinstance(m, list) and 1 <= len(m) <= 3 and all(isinstance(x, str) and x.strip() for x in m)):
            errs.append(f"{o['id']}: messages")
        if ("multi-message" in o["style"]) != (len(m) > 1):
            errs.append(f"{o['id']}: multi-message style mismatch")
        text = "".join(m)
        has_look = any(c in LOOKALIKE for c in text)
        if ("lookalike" in o["style"]) != has_look:
            errs.append(f"{o['id']}: lookalike style/char mismatch")
        if not isinstance(o["style"], list) or not o["style"]:
            errs.append(f"{o['id']}: style")

ids = [o["id"] for o in rows]
if len(ids) != len(set(ids)): errs.append("duplicate ids")
if ids != ["b-%03d" % i for i in range(1, len(ids) + 1)]: errs.append("ids not sequential")
msgs = collections.Counter(tuple(o["messages"]) for o in rows)
for k, v in msgs.items():
    if v > 1: errs.append(f"duplicate messages: {k}")

# source files exist in the mirrors
for repo, f in sorted({(o["source"]["repo"], o["source"]["file"]) for o in rows}):
    r = subprocess.run(["git", "-C", REPOS[repo], "cat-file", "-e", "HEAD:" + f], capture_output=True)
    if r.returncode != 0: errs.append(f"missing file {repo}:{f}")

lang = collections.Counter(o["language"] for o in rows)
exp = collections.Counter(o["expect"] for o in rows)
age = collections.Counter(o["age_group"] for o in rows)
n_wa = lang["en-wa"] + lang["pcm"]
n_fr = lang["fr"]
n_spell = sum(1 for o in rows if {"misspelling", "lookalike"} & set(o["style"]))
n_idc = sum(1 for o in rows if "idchange" in o["style"] and len(o["messages"]) > 1)
checks = [("total >= 200", len(rows) >= 200), ("en-wa+pcm >= 40", n_wa >= 40), ("fr >= 30", n_fr >= 30),
          ("misspelling/lookalike >= 20", n_spell >= 20), ("no_refer >= 60", exp["no_refer"] >= 60),
          ("multi-message identity change >= 10", n_idc >= 10)]
for name, ok in checks:
    if not ok: errs.append("requirement failed: " + name)

print("total", len(rows))
print("language", dict(sorted(lang.items())))
print("expect", dict(sorted(exp.items())))
print("age_group", dict(sorted(age.items())))
print("en-wa+pcm", n_wa, "| fr", n_fr, "| misspelling/lookalike", n_spell, "| multi-message idchange", n_idc,
      "| multi-message all", sum(1 for o in rows if len(o["messages"]) > 1))
print("repo", dict(collections.Counter(o["source"]["repo"] for o in rows)))
if errs:
    print("ERRORS:"); [print(" ", e) for e in errs]; sys.exit(1)
print("OK")
