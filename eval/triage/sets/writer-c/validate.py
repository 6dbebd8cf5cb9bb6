#!/usr/bin/env python3
"""Check cases.jsonl in this folder: every line parses and carries the required fields.

Usage: python3 validate.py [path/to/cases.jsonl]
Exits 1 and lists the problems if any line is malformed.
"""
import json, sys, os, collections

PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.jsonl")
LANGS = {"en", "en-wa", "pcm", "fr", "sw"}
AGES = {"young_infant", "child", "older_child", "adult", "pregnant", "postpartum"}
REPOS = {"smart-emcare", "smart-anc"}
STYLES = {"shorthand", "misspelling", "lay-words", "negated", "multi-message", "age-later",
          "numbers", "decimal-comma", "past-history", "question"}
REQ = ["id", "half", "source", "language", "style", "age_group", "messages", "expect", "sign", "clarification_answer"]

errors, ids, rows = [], set(), []
with open(PATH, encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        if not line.strip():
            errors.append(f"line {n}: blank line"); continue
        try:
            o = json.loads(line)
        except json.JSONDecodeError as e:
            errors.append(f"line {n}: not JSON ({e})"); continue
        if not isinstance(o, dict):
            errors.append(f"line {n}: not an object"); continue
        e = lambda msg: errors.append(f"line {n} ({o.get('id')}): {msg}")
        for k in REQ:
            if k not in o: e(f"missing field {k}")
        if any(k not in o for k in REQ): continue
        if o["id"] in ids: e("duplicate id")
        ids.add(o["id"])
        if o["half"] != "report": e("half must be 'report'")
        s = o["source"]
        if not isinstance(s, dict) or any(not isinstance(s.get(k), str) or not s.get(k).strip() for k in ("repo", "file", "table", "row")):
            e("source needs non-empty repo, file, table, row")
        elif s["repo"] not in REPOS: e(f"unknown source.repo {s['repo']}")
        if o["language"] not in LANGS: e(f"unknown language {o['language']}")
        if o["age_group"] not in AGES: e(f"unknown age_group {o['age_group']}")
        if not isinstance(o["style"], list) or not all(isinstance(x, str) for x in o["style"]): e("style must be a list of strings")
        elif set(o["style"]) - STYLES: e(f"unknown style tags {set(o['style']) - STYLES}")
        m = o["messages"]
        if not isinstance(m, list) or not m or not all(isinstance(x, str) and x.strip() for x in m): e("messages must be a non-empty list of non-empty strings")
        elif ("multi-message" in o["style"]) != (len(m) > 1): e("multi-message tag and message count disagree")
        if o["expect"] not in ("refer", "no_refer"): e("expect must be refer or no_refer")
        if o["clarification_answer"] not in ("yes", "no"): e("clarification_answer must be yes or no")
        elif (o["expect"] == "refer") != (o["clarification_answer"] == "yes"): e("clarification_answer must be yes for refer, no for no_refer")
        if not isinstance(o["sign"], str) or not o["sign"].strip(): e("sign must be a non-empty string")
        rows.append(o)

if errors:
    print("\n".join(errors)); print(f"{len(errors)} problem(s)"); sys.exit(1)
C = collections.Counter
print(f"OK: {len(rows)} cases")
print("expect:", dict(C(r["expect"] for r in rows)))
print("language:", dict(C(r["language"] for r in rows)))
print("age_group:", dict(C(r["age_group"] for r in rows)))
print("multi-message with age/pregnancy later:", sum(1 for r in rows if "age-later" in r["style"] and len(r["messages"]) > 1))
