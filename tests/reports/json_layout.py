"""The JSON report's keys against the list in rtla(1), JSON REPORT.

documented(rst) reads the ``key`` terms of that section; undocumented(doc,
keys) names the paths of a report that no documented key covers.  A path
is generalised first: CPU numbers become N, contexts CTX, percentiles P,
list items []; a documented key covers itself and every path below it.
"""
import re

CONTEXTS = {"irq", "thread", "user", "noise"}


def documented(rst_path):
    text = open(rst_path).read()
    section = text.split("JSON REPORT\n===========\n", 1)[1]
    section = re.split(r"\n[A-Z][A-Z ]+\n=+\n", section, 1)[0]
    keys = set()
    for line in section.splitlines():
        if line.startswith("``"):
            keys.update(re.findall(r"``([^`]+)``", line))
    return keys


def _paths(obj, parts, out):
    if isinstance(obj, dict) and obj:
        for key, value in obj.items():
            if key.isdigit() and parts[-1:] in (["thread"], ["cpus"]):
                key = "N"
            elif key in CONTEXTS and (parts[-2:-1] == ["cpus"] or
                                      parts[-1:] == ["all"]):
                key = "CTX"
            elif parts[-1:] == ["percentiles"]:
                key = "P"
            _paths(value, parts + [key], out)
    elif isinstance(obj, list) and obj and isinstance(obj[0], dict):
        for item in obj:
            _paths(item, parts[:-1] + [parts[-1] + "[]"], out)
    else:
        out.add(".".join(parts))


def paths(doc):
    out = set()
    _paths(doc, [], out)
    return out


def undocumented(doc, keys):
    missing = []
    for path in sorted(paths(doc)):
        parts = path.split(".")
        if any(".".join(parts[:i]) in keys
               for i in range(1, len(parts) + 1)):
            continue
        # an empty list or object: some documented key lies below it
        if any(k.startswith(path + ".") or k.startswith(path + "[]")
               for k in keys):
            continue
        missing.append(path)
    return missing
