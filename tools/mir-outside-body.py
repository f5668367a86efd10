#!/usr/bin/env python3
"""Share of .mir files whose `llrs fmt` output equals llc's canon outside the `body:` blocks.

usage: mir-outside-body.py LLRS DIR... [--show N]
Compares each X.mir's output with X.mir.canon after removing every function's `body:` block
and the embedded module's "; ModuleID" line; prints the pass count and the first differing
lines of up to N failures. A development aid until the body printer (src/mi) is merged.
"""
import os, subprocess, sys

def strip(text):
    out, in_body = [], False
    for line in text.split("\n"):
        if line.startswith("  ; ModuleID = "):
            continue
        if line.startswith("body:"):
            in_body = True
            out.append("body:")
            continue
        if in_body and (line.startswith("  ") or line == ""):
            continue
        in_body = False
        out.append(line)
    return out

def main():
    args = sys.argv[1:]
    show = 0
    if "--show" in args:
        i = args.index("--show"); show = int(args[i + 1]); del args[i:i + 2]
    binary, dirs = args[0], args[1:]
    files = []
    for d in dirs:
        for root, _, names in os.walk(d):
            files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".mir") and os.path.exists(os.path.join(root, n + ".canon"))]
    passed, shown = 0, 0
    for f in files:
        p = subprocess.run([binary, "fmt", os.path.basename(f)], cwd=os.path.dirname(f), capture_output=True, timeout=120)
        got = strip(p.stdout.decode("utf-8", "replace"))
        want = strip(open(f + ".canon", encoding="utf-8", errors="replace").read())
        if p.returncode == 0 and got == want:
            passed += 1
        elif shown < show:
            shown += 1
            k = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            print(f"FAIL {f}: line {k + 1}: want {want[k] if k < len(want) else 'EOF'!r} got {got[k] if k < len(got) else 'EOF'!r}")
            if p.returncode != 0:
                print("   ", p.stderr.decode("utf-8", "replace").splitlines()[:1])
    print(f"outside-body: {passed} of {len(files)} ({100.0 * passed / max(1, len(files)):.2f}%)")

main()
