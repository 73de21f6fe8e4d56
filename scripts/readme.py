#!/usr/bin/env python3
"""readme.py: the README's and the manual's blocks, made by real runs and
checked (issue 26 item 5; issue 40: the manual's pages under docs/, PAGES).

  scripts/readme.py refresh [--only NAME,...] [--no-runs]   (make readme)
  scripts/readme.py check [--file FILE]                     (tests/suite-readme.sh)

Every fenced block of README.md and of each page of PAGES has a mark on the
line before it, an HTML comment that GitHub does not show:

  <!-- readme: exact CMD -->        the block is "$ CMD" and CMD's output,
                                    made by `make readme`; the check runs CMD
                                    again and wants the same bytes (for what
                                    does not change from run to run: reduce,
                                    check or import of committed files, help)
  <!-- readme: transcript NAME -->  the block is a real run's output, saved
                                    whole in docs/readme/NAME.txt with the
                                    command, the machine and the date, which
                                    the line under the block repeats. `make
                                    readme` runs it again (a QEMU boot, make
                                    bench...) and rewrites both; the check
                                    wants the block to be the saved run's,
                                    and that run's stable parts to still hold
                                    (STABLE below: the tests it names, the
                                    version; and a run that wrote a capture
                                    keeps it as docs/readme/NAME.json, whose
                                    reduction today must be the run's)
  <!-- readme: commands -->         commands to type: each `make TARGET` must
                                    be one make knows (make -n), and each
                                    option of a `cacheshape CMD` line one
                                    that CMD's --help lists
  <!-- readme: text WHY -->         not a command (a configuration file, a
                                    log to compare with): WHY says what it is

and a figure in the prose is written
  <!-- fig:NAME -->VALUE<!-- /fig -->
with NAME one of FIGURES below: computed from a saved transcript, or from a
built file (its value then recorded in docs/readme/figures.txt with the
machine and date by `make readme`, and checked against the file whenever it
is built). A block or figure changed by hand fails the check.
"""
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAVED = os.environ.get("CS_README_DIR") or os.path.join(ROOT, "docs", "readme")
# (tests/suite-readme.sh points these at altered copies)
FIGS = os.environ.get("CS_README_FIGS") or os.path.join(SAVED, "figures.txt")
MARK = re.compile(r"^<!-- readme: (exact|transcript|commands|text)(?: (.*?))? -->$")
FIG = re.compile(r"<!-- fig:([a-z0-9-]+) -->(.*?)<!-- /fig -->")
FENCE = re.compile(r"^```")
CS = "build/host/cacheshape"
# The front door and the manual (issue 40 item 1): every page whose blocks
# are made and checked here. A page of docs/ with a mark that is not listed
# is a problem of the check (it would go unchecked).
PAGES = ["README.md", "docs/firmware.md", "docs/host.md", "docs/measures.md", "docs/web.md",
         "docs/import.md", "docs/rules.md", "docs/hardening.md", "docs/speed.md",
         "docs/architecture.md"]


def run(cmd, timeout=1800, merge=True):
    """CMD by bash in the tree's root: its status and its output (stdout and
    stderr as they came when merge, else stdout alone: an exact block shows
    what its command prints on stdout)."""
    cache = os.environ.get("CS_README_CACHE")
    if cache:
        # tests/suite-readme.sh checks many copies of one tree: each command's
        # answer once
        import hashlib
        key = os.path.join(cache, hashlib.sha1(("%d %s" % (merge, cmd)).encode()).hexdigest())
        if os.path.exists(key):
            rc, _, out = open(key, encoding="utf-8").read().partition("\n")
            return int(rc), out
        rc, out = run_uncached(cmd, timeout, merge)
        open(key, "w", encoding="utf-8").write("%d\n%s" % (rc, out))
        return rc, out
    return run_uncached(cmd, timeout, merge)


def run_uncached(cmd, timeout, merge):
    env = dict(os.environ, LC_ALL="C.UTF-8", NO_COLOR="1", TERM="dumb")
    p = subprocess.run(["bash", "-c", cmd], cwd=ROOT, env=env, timeout=timeout,
                       stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT if merge else subprocess.DEVNULL)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def machine():
    """This machine in words: the processor's model, how many CPUs, and
    whether it is a virtual machine."""
    model, hyp = "unknown processor", ""
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read()
        m = re.search(r"^(?:model name|Model)\s*:\s*(.+)$", info, re.M)
        if m:
            model = re.sub(r"\s+", " ", m.group(1)).strip()
        if re.search(r"^flags\s*:.*\bhypervisor\b", info, re.M):
            hyp = ", a virtual machine"
    except OSError:
        pass
    return "%s, %d CPUs%s" % (model, os.cpu_count() or 1, hyp)


def today():
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())


# ---- what a transcript's block shows of its run ---------------------------

def keep_between(text, first, last):
    """The lines from the first matching `first` to the first after it
    matching `last`, both kept."""
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines) if re.search(first, l)), None)
    if start is None:
        raise ValueError("no line matches %r" % first)
    end = next((i for i in range(start, len(lines)) if re.search(last, lines[i])), None)
    if end is None:
        raise ValueError("no line after %r matches %r" % (first, last))
    return lines[start:end + 1]


def elide_progress(lines):
    """A sweep's progress lines ("[ 1/57] ..."): the first and the last,
    "..." between."""
    out, run_ = [], []
    for l in lines + [None]:
        if l is not None and re.match(r"^\s+\[\s*\d+/\d+\]", l):
            run_.append(l)
            continue
        if len(run_) > 2:
            out += [run_[0], "  ...", run_[-1]]
        else:
            out += run_
        run_ = []
        if l is not None:
            out.append(l)
    return out


def show_firmware(text):
    """make run: the firmware's console from its banner, then what the host
    adds, to the capture's path."""
    return elide_progress(keep_between(text, r"^cacheshape \d+\.\d+\.\d+ \(UEFI",
                                       r"^capture: \S+\.json$"))


def console_summary(text):
    """The summary the firmware's console showed: from its heading to the
    blank line that ends it."""
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith("summary: each published level")), None)
    if start is None:
        return None
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def show_selftest(text):
    return keep_between(text, r"^selftest: clock", r"^selftest: (powering off|\d+ passed)")


def show_whole(text):
    return text.rstrip("\n").splitlines()


SHOW = {"firmware": show_firmware, "selftest": show_selftest, "whole": show_whole}


# ---- the stable parts of a saved run, checked against the tree today ------

def stable_firmware(text):
    m = re.search(r'#define CS_VERSION "([^"]+)"', open(os.path.join(ROOT, "common/version.h")).read())
    if not re.search(r"^cacheshape %s \(UEFI" % re.escape(m.group(1)), text, re.M):
        return "the run's banner is not version %s (common/version.h): make readme" % m.group(1)
    return None


def stable_selftest(text):
    rc, names = run("make -s selftest-names", timeout=120)
    want = re.search(r"^firmware: (.*)$", names, re.M)
    if rc or not want:
        return "make selftest-names failed: %s" % names.strip()
    want = want.group(1).split()
    got = re.findall(r"^\s+(test_\w+): \d+ passed", text, re.M)
    if sorted(got) != sorted(want):
        return ("the run's tests (%s) are not the firmware's today (mk/selftest.mk: %s): make readme"
                % (" ".join(got), " ".join(want)))
    return None


STABLE = {"firmware": stable_firmware, "selftest": stable_selftest}


# ---- figures in the prose -------------------------------------------------

def from_transcript(name, pattern, fmt="{}"):
    def f(_state):
        t = read_transcript(name)
        m = re.search(pattern, t["body"], re.M)
        if not m:
            raise ValueError("docs/readme/%s.txt: nothing matches %r" % (name, pattern))
        return fmt.format(*m.groups())
    f.built = None
    return f


def from_file(path, fmt):
    """A built file's size, said roughly (fmt): the figure is stale when the
    file has moved more than SIZE_TOLERANCE from the size recorded."""
    def f(_state):
        return fmt(size(path))
    f.built = path
    return f


def size(path):
    return os.path.getsize(os.path.join(ROOT, path))


# A built file's size moves with every change to the code in it: a figure
# said to two digits ("about 195 KB") is stale past this much.
SIZE_TOLERANCE = 0.05


def from_tree(count):
    def f(_state):
        return count()
    f.built = None
    return f


FIGURES = {
    "synthetic-count": from_tree(lambda: str(len([n for n in os.listdir(os.path.join(ROOT, "captures/synthetic"))
                                                 if n.endswith(".json")]))),
    "selftest-tests": from_transcript("selftest", r"^selftest: (\d+) unit tests"),
    "selftest-checks": from_transcript("selftest", r"^selftest: (\d+) passed"),
    "wasm-bytes": from_file("build/web/cacheshape.wasm", lambda n: "about %d KB" % round(n / 1e3)),
    "aarch64-mb": from_file("build/host-aarch64/cacheshape", lambda n: "about %.1f MB" % (n / 1e6)),
}


def read_figs():
    figs = {}
    if os.path.exists(FIGS):
        for line in open(FIGS, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            name, value, raw, where, when = line.rstrip("\n").split("\t")
            figs[name] = (value, raw, where, when)
    return figs


def write_figs(figs):
    with open(FIGS, "w", encoding="utf-8") as f:
        f.write("# figures of README.md computed from built files (scripts/readme.py):\n"
                "# NAME, VALUE as README.md says it, the file's bytes, the machine and the date\n"
                "# `make readme` measured them\n")
        for name in sorted(figs):
            f.write("\t".join((name,) + figs[name]) + "\n")


# ---- saved transcripts ----------------------------------------------------

def transcript_path(name):
    return os.path.join(SAVED, name + ".txt")


def read_transcript(name):
    """docs/readme/NAME.txt: '# key: value' lines, a blank line, the run."""
    text = open(transcript_path(name), encoding="utf-8").read()
    head, _, body = text.partition("\n\n")
    meta = dict(re.findall(r"^# (\w+): (.*)$", head, re.M))
    for k in ("command", "show", "machine", "date"):
        if k not in meta:
            raise ValueError("docs/readme/%s.txt: no '# %s:' line" % (name, k))
    meta["body"] = body
    return meta


def save_transcript(name, meta, body):
    with open(transcript_path(name), "w", encoding="utf-8") as f:
        f.write("# readme transcript: %s (scripts/readme.py; `make readme` remakes it)\n" % name)
        for k in ("command", "show", "rerun", "capture", "machine", "date"):
            if k in meta:
                f.write("# %s: %s\n" % (k, meta[k]))
        f.write("\n" + body)


def keep_capture(name, meta, body):
    """A run that ends "capture: PATH" (make run): the capture kept beside its
    transcript, docs/readme/NAME.json, so that the check can reduce it again."""
    m = re.search(r"^capture: (\S+\.json)$", body, re.M)
    meta.pop("capture", None)
    if m:
        dest = os.path.join("docs", "readme", name + ".json")
        with open(os.path.join(ROOT, m.group(1)), "rb") as f:
            data = f.read()
        with open(os.path.join(ROOT, dest), "wb") as f:
            f.write(data)
        meta["capture"] = dest


def stable_capture(t):
    """The run's capture reduced by today's reducer must read as the run's
    console said (its summary: make run shows the console's, and the host
    said it read the capture back to the same report): a report changed
    since the run says make readme."""
    if "capture" not in t:
        return None
    said = console_summary(t["body"])
    if said is None:
        return "the run shows no summary ('summary: each published level ...')"
    rc, out = run("%s reduce --brief %s" % (CS, t["capture"]), timeout=60, merge=False)
    if rc:
        return "%s reduce %s exits %d" % (CS, t["capture"], rc)
    if out.rstrip("\n").splitlines()[1:] != said:
        return ("its capture (%s) reduces otherwise today than in the run: the report changed "
                "since; make readme" % t["capture"])
    return None


def provenance(name, t):
    return ("<sub>Output of `%s` on %s, %s (docs/readme/%s.txt; `make readme` refreshes it).</sub>"
            % (t["command"], t["machine"], t["date"], name))


# ---- the README's parts ---------------------------------------------------

def blocks(lines):
    """Each fenced block: (mark line index or None, open index, close index)."""
    out, i = [], 0
    while i < len(lines):
        if FENCE.match(lines[i]):
            j = i + 1
            while j < len(lines) and not FENCE.match(lines[j]):
                j += 1
            if j == len(lines):
                raise ValueError("README.md:%d: a block that never closes" % (i + 1))
            out.append((i - 1 if i and MARK.match(lines[i - 1]) else None, i, j))
            i = j + 1
        else:
            i += 1
    return out


def exact_body(cmd):
    rc, out = run(cmd, timeout=300, merge=False)
    if rc not in (0, 1):
        raise ValueError("`%s` exits %d:\n%s" % (cmd, rc, out[-2000:]))
    return ["$ " + cmd] + out.rstrip("\n").splitlines()


def commands_problems(body):
    """What in a block of commands to type no longer exists."""
    bad, text = [], "\n".join(body).replace("\\\n", " ")
    helps = {}
    for line in text.splitlines():
        line = re.sub(r"(^|\s)#.*$", "", line).strip()
        line = re.sub(r"^\$ ", "", line)
        if re.match(r"^make(\s|$)", line):
            rc, out = run("make -n " + line[4:] + " >/dev/null", timeout=120)
            if rc:
                bad.append("`%s`: make -n fails: %s" % (line, out.strip()[-300:]))
        m = re.search(r"cacheshape ([a-z]+)(?=\s|$)(.*)$", line)
        if m:
            sub = m.group(1)
            if sub not in helps:
                # help's own options are the top level's
                rc, helps[sub] = run("%s %s --help" % (CS, "" if sub == "help" else sub), timeout=60)
                if rc:
                    bad.append("`%s`: no subcommand %s" % (line, sub))
                    continue
            for opt in re.findall(r"(?:^|\s)(--[a-z][a-z0-9-]*)", m.group(2)):
                if not re.search(r"(^|[\s\[,(])%s\b" % re.escape(opt), helps[sub], re.M):
                    bad.append("`%s`: %s is not an option of cacheshape %s" % (line, opt, sub))
    return bad


def render(lines, only, no_runs, ran):
    """The page with every generated part made again (ran: the transcripts
    already run again by this refresh, each once however many pages show
    it)."""
    out, pos = [], 0
    for mark, i, j in blocks(lines):
        if mark is None:
            raise ValueError("README.md:%d: a block with no '<!-- readme: ... -->' mark "
                             "(README: Developers, the README's blocks)" % (i + 1))
        kind, arg = MARK.match(lines[mark]).groups()
        out += lines[pos:i + 1]
        pos = j
        if kind == "exact":
            out += exact_body(arg)
        elif kind == "transcript":
            t = read_transcript(arg)
            if (not no_runs and (not only or arg in only) and t.get("rerun", "yes") == "yes"
                    and arg not in ran):
                ran.add(arg)
                sys.stderr.write("readme: running `%s` for docs/readme/%s.txt\n" % (t["command"], arg))
                rc, body = run(t["command"])
                if rc:
                    raise ValueError("`%s` exits %d:\n%s" % (t["command"], rc, body[-3000:]))
                t.update(machine=machine(), date=today())
                keep_capture(arg, t, body)
                save_transcript(arg, t, body)
                t = read_transcript(arg)
            out += SHOW[t["show"]](t["body"])
        else:
            out += lines[i + 1:j]
        # the fence, and for a transcript the line under it
        out.append(lines[j])
        pos = j + 1
        if kind == "transcript":
            if pos < len(lines) and lines[pos].startswith("<sub>Output of "):
                pos += 1
            out.append(provenance(arg, read_transcript(arg)))
    out += lines[pos:]
    return out


def figures(text, refresh):
    """The text with each <!-- fig --> made again (refresh), or the list of
    figures that differ from what they should be (check)."""
    figs, problems = read_figs(), []

    def value(name):
        f = FIGURES.get(name)
        if f is None:
            raise ValueError("<!-- fig:%s -->: no such figure in scripts/readme.py FIGURES" % name)
        if f.built is None:
            return f(None)
        built = os.path.exists(os.path.join(ROOT, f.built))
        if refresh:
            if not built:
                raise ValueError("fig:%s needs %s: build it first" % (name, f.built))
            figs[name] = (f(None), str(size(f.built)), machine(), today())
        elif name not in figs:
            raise ValueError("fig:%s: not in docs/readme/figures.txt: make readme" % name)
        elif built and abs(size(f.built) - int(figs[name][1])) > SIZE_TOLERANCE * int(figs[name][1]):
            problems.append("fig:%s: %s is %d bytes today, %s recorded (docs/readme/figures.txt), "
                            "more than %d %% apart: make readme"
                            % (name, f.built, size(f.built), figs[name][1], SIZE_TOLERANCE * 100))
        return figs[name][0]

    def sub(m):
        v = value(m.group(1))
        if not refresh and m.group(2) != v:
            problems.append("fig:%s reads %r, should be %r" % (m.group(1), m.group(2), v))
        return "<!-- fig:%s -->%s<!-- /fig -->" % (m.group(1), v)

    new = FIG.sub(sub, text)
    if refresh:
        write_figs(figs)
    return new, problems


def check(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    problems = []
    try:
        bl = blocks(lines)
    except ValueError as e:
        return [str(e)]
    for mark, i, j in bl:
        where = "%s:%d" % (os.path.basename(path), i + 1)
        if mark is None:
            problems.append("%s: a block with no '<!-- readme: ... -->' mark "
                            "(README: Developers, the README's blocks)" % where)
            continue
        kind, arg = MARK.match(lines[mark]).groups()
        body = lines[i + 1:j]
        try:
            if kind == "exact" and body != exact_body(arg):
                problems.append("%s: `%s` does not print this block today: make readme" % (where, arg))
            elif kind == "transcript":
                t = read_transcript(arg)
                if body != SHOW[t["show"]](t["body"]):
                    problems.append("%s: the block is not docs/readme/%s.txt's run (edited by hand?): "
                                    "make readme" % (where, arg))
                if j + 1 >= len(lines) or lines[j + 1] != provenance(arg, t):
                    problems.append("%s: the line under the block should be: %s" % (where, provenance(arg, t)))
                for why in (STABLE.get(t["show"], lambda _t: None)(t["body"]), stable_capture(t)):
                    if why:
                        problems.append("%s: docs/readme/%s.txt: %s" % (where, arg, why))
            elif kind == "commands":
                problems += ["%s: %s" % (where, p) for p in commands_problems(body)]
            elif kind == "text" and not arg:
                problems.append("%s: <!-- readme: text WHY -->: say what the block is" % where)
        except (ValueError, OSError, subprocess.TimeoutExpired) as e:
            problems.append("%s: %s" % (where, e))
    try:
        problems += figures("\n".join(lines), False)[1]
    except (ValueError, OSError) as e:
        problems.append(str(e))
    return problems


def unlisted():
    """Pages of docs/ with a mark that PAGES does not list: unchecked."""
    d = os.environ.get("CS_README_DOCS") or os.path.join(ROOT, "docs")  # (the suite's copy)
    return ["docs/%s has readme marks but is not in scripts/readme.py PAGES" % n
            for n in sorted(os.listdir(d))
            if n.endswith(".md") and "docs/" + n not in PAGES
            and "<!-- readme: " in open(os.path.join(d, n), encoding="utf-8").read()]


def main(argv):
    if len(argv) >= 2 and argv[1] == "check":
        if len(argv) > 3 and argv[2] == "--file":
            paths = [argv[3]]
        else:
            paths = [os.path.join(ROOT, p) for p in PAGES]
        total = 0
        for path in paths:
            problems = check(path)
            if len(paths) > 1:
                problems = problems + (unlisted() if path == paths[0] else [])
            for p in problems:
                print("readme: %s: %s" % (os.path.relpath(path, ROOT), p))
            total += len(problems)
        print("readme: %d page(s): %s" % (len(paths), "%d problem(s)" % total if total
                                           else "every block and figure as its run gives it"))
        return 1 if total else 0
    if len(argv) >= 2 and argv[1] == "refresh":
        only = set()
        no_runs = "--no-runs" in argv
        if "--only" in argv:
            only = set(argv[argv.index("--only") + 1].split(","))
        ran = set()
        for page in PAGES:
            path = os.path.join(ROOT, page)
            lines = open(path, encoding="utf-8").read().split("\n")
            text = "\n".join(render(lines, only, no_runs, ran))
            text = figures(text, True)[0]
            open(path, "w", encoding="utf-8").write(text)
            print("readme: %s refreshed" % page)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except ValueError as e:
        sys.stderr.write("readme: %s\n" % e)
        sys.exit(2)
