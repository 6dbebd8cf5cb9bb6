#!/usr/bin/env python3
"""Validate writer-a/cases.jsonl: every line parses, required fields present, mix targets met."""
import json, sys, os, re, unicodedata
from collections import Counter

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.jsonl")
REQ = ["id", "half", "source", "language", "style", "age_group", "messages", "expect", "sign", "clarification_answer"]
LANGS = {"en", "en-wa", "pcm", "fr", "mixed"}
AGES = {"young_infant", "child", "older_child", "adult", "pregnant", "postpartum"}
LOOKALIKE = re.compile("[\u0400-\u04ff\u0370-\u03ff\u200b\u200c\u200d\u2060\ufeff]")

errors = []
cases = []
with open(PATH, encoding="utf-8") as fh:
    for n, line in enumerate(fh, 1):
        line = line.rstrip("\n")
        if not line.strip():
            errors.append(f"line {n}: empty line"); continue
        try:
            c = json.loads(line)
        except Exception as ex:
            errors.append(f"line {n}: JSON error {ex}"); continue
        for k in REQ:
            if k not in c:
                errors.append(f"line {n}: missing {k}")
        src = c.get("source", {})
        for k in ("repo", "file", "table", "row"):
            if not src.get(k):
                errors.append(f"line {n}: source.{k} missing")
        if src.get("repo") not in ("smart-emcare", "smart-anc"):
            errors.append(f"line {n}: bad repo")
        if c.get("half") not in ("dev", "report"): errors.append(f"line {n}: bad half")
        if c.get("language") not in LANGS: errors.append(f"line {n}: bad language")
        if c.get("age_group") not in AGES: errors.append(f"line {n}: bad age_group")
        if c.get("expect") not in ("refer", "no_refer"): errors.append(f"line {n}: bad expect")
        if c.get("clarification_answer") not in ("yes", "no"): errors.append(f"line {n}: bad clarification_answer")
        m = c.get("messages")
        if not isinstance(m, list) or not (1 <= len(m) <= 3) or not all(isinstance(x, str) and x.strip() for x in m):
            errors.append(f"line {n}: messages must be 1-3 non-empty strings")
        if not isinstance(c.get("style"), list): errors.append(f"line {n}: style must be a list")
        # style/char consistency
        txt = " ".join(m or [])
        has_look = bool(LOOKALIKE.search(txt))
        if has_look != ("lookalike" in c.get("style", [])):
            errors.append(f"line {n}: lookalike style/characters mismatch")
        if (len(m or []) > 1) != ("multi-message" in c.get("style", [])):
            errors.append(f"line {n}: multi-message style mismatch")
        cases.append(c)

ids = [c["id"] for c in cases]
if len(ids) != len(set(ids)): errors.append("duplicate ids")

lang = Counter(c["language"] for c in cases)
exp = Counter(c["expect"] for c in cases)
half = Counter(c["half"] for c in cases)
age = Counter(c["age_group"] for c in cases)
spell = sum(1 for c in cases if {"misspelling", "lookalike"} & set(c["style"]))
ident = sum(1 for c in cases if "identity-later" in c["style"] and len(c["messages"]) > 1)

checks = [
    ("total >= 220", len(cases) >= 220, len(cases)),
    ("en-wa + pcm >= 45", lang["en-wa"] + lang["pcm"] >= 45, lang["en-wa"] + lang["pcm"]),
    ("fr >= 35", lang["fr"] >= 35, lang["fr"]),
    ("misspelling/lookalike >= 25", spell >= 25, spell),
    ("no_refer >= 70", exp["no_refer"] >= 70, exp["no_refer"]),
    ("multi-message identity-later >= 12", ident >= 12, ident),
    ("halves differ by <= 1", abs(half["dev"] - half["report"]) <= 1, dict(half)),
]
for name, ok, val in checks:
    print(("OK  " if ok else "FAIL"), name, val)
    if not ok: errors.append("mix: " + name)

def tab(title, key):
    print(f"\n{title}")
    keys = sorted({key(c) for c in cases})
    for k in keys:
        sub = [c for c in cases if key(c) == k]
        e = Counter(c["expect"] for c in sub); h = Counter(c["half"] for c in sub)
        print(f"  {k:14s} total {len(sub):3d} | refer {e['refer']:3d} no_refer {e['no_refer']:3d} | dev {h['dev']:3d} report {h['report']:3d}")
tab("by language", lambda c: c["language"])
tab("by age_group", lambda c: c["age_group"])
tab("by expect", lambda c: c["expect"])
tab("by half", lambda c: c["half"])
for hname in ("dev", "report"):
    sub = [c for c in cases if c["half"] == hname]
    print(f"\n{hname}: n={len(sub)} expect={dict(Counter(c['expect'] for c in sub))} lang={dict(Counter(c['language'] for c in sub))} "
          f"spell/look={sum(1 for c in sub if {'misspelling','lookalike'} & set(c['style']))} "
          f"identity-later={sum(1 for c in sub if 'identity-later' in c['style'])}")

if errors:
    print("\nERRORS:"); [print(" ", x) for x in errors]; sys.exit(1)
print("\nALL CHECKS PASSED")
