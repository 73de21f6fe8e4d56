# mutation-lib.sh: the machinery of the mutation suites. Source it after
# tests/lib.sh, define `mutants` ("CONSTANT ORIGINAL MUTANT" each) and
# `build DIR` (compile the unit test against DIR/reduce/, binary DIR/t, log
# DIR/log), then call: mutate RULES_HEADER TEST_NAME. MUTATE_DIR names the
# folder whose copy is mutated (default reduce; common for the probe's plan). The unmutated copy must
# pass; every mutant must make the test fail. With SENTENCES=1 the test
# binary also answers `--sentences` with "CONSTANT<TAB>sentence" lines: each
# mutant must then change its constant's sentence, which must print the
# mutated value (every refusal sentence prints the constant it tests).
# The sentence for constant $3 differs between binaries $1 and $2 and
# shows the mutated value $4 as C's %g prints it.
sentence_follows() {
	local old new v
	old=$("$1" --sentences 2>/dev/null | grep -P "^$3\t" | cut -f2-)
	new=$("$2" --sentences 2>/dev/null | grep -P "^$3\t" | cut -f2-)
	v=$(printf '%g' "$4")
	if [ -z "$old" ]; then
		fail "$3: no refusal sentence for it (--sentences)"
	elif [ "$old" != "$new" ] && [[ "$new" == *"$v"* ]]; then
		pass "$3 -> $4: its sentence changes and prints $v"
	else
		fail "$3 -> $4: its sentence does not print the mutated value $v: $new"
	fi
}

# mcc ARGS...: "$CC" ARGS, as a build() calls it (flags, -o OUT, sources,
# objects, archives, -l), with each source compiled once per distinct
# text: an object is kept in MCC_CACHE under the hash of the compiler, the
# flags and the source as the preprocessor gives it (cc -E -P: every
# header, macro, __FILE__ and __LINE__ in it). A mutant so recompiles only
# the files its mutated header reaches; every other object is the one its
# identical input gave, and the binary is linked as before. The cache
# outlives the suite (build/ keeps it for the next run; make clean empties
# it); two suites writing one entry each write it whole (a rename).
# Running the preprocessor on every source of every mutant (four processes
# a source) was most of the mutation suites' time, so a first key is tried
# before it: the text of the source and of every header it includes, with
# their names, in the order the preprocessor listed them the last time it
# ran on that path in this suite (-MMD beside -E). Where every one of
# those files holds the text it held when an object was made, the
# preprocessor would read the same files and give the same text. The
# files of all the sources are hashed by one sha256sum, and the keys by
# one more. A source whose files use __FILE__, __BASE_FILE__ or
# __TIMESTAMP__ (text the path or the clock makes) skips the first key.
MCC_CACHE=${MCC_CACHE:-build/mutation-cache}
# the kinds' members of the core's structs (build/gen/, mk/kinds.mk)
scripts/kinds-h.sh
declare -gA MCC_DEPS=() MCC_PATHY=()
# mcc_deps KEY DEPFILE: remember a source's files (the dependency list the
# preprocessor wrote in DEPFILE) and whether their text names a path
mcc_deps() {
	local files
	files=$(sed -e 's/^[^:]*://' -e 's/\\$//' "$2" | tr -s ' \t' '\n' | grep -v '^$')
	MCC_DEPS[$1]=$files
	# shellcheck disable=SC2086
	if grep -qE '__(FILE|BASE_FILE|TIMESTAMP)__' $files; then MCC_PATHY[$1]=1; else MCC_PATHY[$1]=; fi
}
mcc() {
	local cc=${CC:-cc} flags=() link=() out= s key o i id m f h tmpd files=() firsts=()
	local -A fh=()
	while [ $# -gt 0 ]; do
		case $1 in
		-o) out=$2; shift ;;
		-I | -D) flags+=("$1" "$2"); shift ;;
		-l* | -L* | -pthread) link+=("$1") ;;
		-*) flags+=("$1") ;;
		*.c) link+=("c:$1") ;;
		*) link+=("$1") ;;
		esac
		shift
	done
	mkdir -p "$MCC_CACHE"
	tmpd=$(mktemp -d)
	# the compiler and the flags: one hash for the whole call
	id=$({ command -v "$cc"; "$cc" --version; echo "${flags[*]}"; } 2>&1 | sha256sum)
	id=${id:0:16}
	# the first keys: every known source's files hashed at once, then the
	# list of its files' names and hashes, one file a source, hashed at once
	for i in "${!link[@]}"; do
		case ${link[$i]} in c:*) ;; *) continue ;; esac
		m="$id|${link[$i]#c:}"
		[ -n "${MCC_DEPS[$m]+set}" ] && [ -z "${MCC_PATHY[$m]}" ] || continue
		firsts+=("$i")
		# shellcheck disable=SC2206
		files+=(${MCC_DEPS[$m]})
	done
	if [ ${#firsts[@]} -gt 0 ]; then
		while read -r h f; do fh[$f]=$h; done < <(sha256sum "${files[@]}" 2>/dev/null)
		for i in "${firsts[@]}"; do
			m="$id|${link[$i]#c:}"
			for f in ${MCC_DEPS[$m]}; do
				printf '%s %s\n' "${f##*/}" "${fh[$f]:-missing}"
			done >"$tmpd/k.$i"
		done
		while read -r h f; do
			i=${f#k.}
			o=$MCC_CACHE/$id-f${h:0:32}.o
			[ -e "$o" ] && link[$i]=$o
		done < <(cd "$tmpd" && sha256sum k.*)
	fi
	# the rest: the preprocessor's text, the compiler where it is new
	for i in "${!link[@]}"; do
		case ${link[$i]} in c:*) ;; *) continue ;; esac
		s=${link[$i]#c:}
		m="$id|$s"
		key=$("$cc" "${flags[@]}" -E -P -MMD -MF "$tmpd/d" "$s" | sha256sum)
		o=$MCC_CACHE/$id-${key:0:32}.o
		if [ ! -e "$o" ]; then
			"$cc" "${flags[@]}" -c "$s" -o "$o.$$" || { rm -f "$o.$$"; rm -rf "$tmpd"; return 1; }
			mv -f "$o.$$" "$o"
		fi
		if [ -s "$tmpd/d" ]; then
			mcc_deps "$m" "$tmpd/d"
			if [ -z "${MCC_PATHY[$m]}" ]; then
				# shellcheck disable=SC2086
				sha256sum ${MCC_DEPS[$m]} | while read -r h f; do
					printf '%s %s\n' "${f##*/}" "$h"
				done >"$tmpd/key"
				key=$(sha256sum <"$tmpd/key")
				f=$MCC_CACHE/$id-f${key:0:32}.o
				# already this object (a link made before): mv would
				# refuse "the same file"
				if ! [ "$o" -ef "$f" ]; then
					ln -f "$o" "$o.$$" 2>/dev/null || cp "$o" "$o.$$"
					mv -f "$o.$$" "$f" 2>/dev/null || rm -f "$o.$$"
				fi
			fi
		fi
		rm -f "$tmpd/d"
		link[$i]=$o
	done
	rm -rf "$tmpd"
	"$cc" "${flags[@]}" -o "$out" "${link[@]}"
}

# built DIR...: the built host objects of DIR's sources as the tree has them
# now (a glob of build/ would also take an object whose source has moved).
built() {
	local d
	for d; do ls "$d"/*.c; done | sed "s#^\(.*\)\.c\$#build/host/obj/\1.o#"
}

mutate() {
	local rules=$1 test=$2 tmp d m dir=${MUTATE_DIR:-reduce}
	tmp=$(mktemp -d)
	mkdir -p "$tmp/base/$dir"
	cp "$dir"/*.c "$dir"/*.h "$tmp/base/$dir/"
	if build "$tmp/base" && "$tmp/base/t" >/dev/null 2>&1; then
		pass "unmutated $rules passes $test"
	else
		fail "unmutated $rules: $test does not pass: $(head -c 300 "$tmp/base/log")"
	fi
	for m in "${mutants[@]}"; do
		set -- $m
		d="$tmp/m"
		rm -rf "$d"
		mkdir -p "$d/$dir"
		cp "$dir"/*.c "$dir"/*.h "$d/$dir/"
		sed -i -E "s/^(#define $1 )$2( |\$)/\1$3\2/" "$d/$dir/$rules"
		if ! grep -qE "^#define $1 $3( |\$)" "$d/$dir/$rules"; then
			fail "$1: could not mutate $2 -> $3 ($rules changed?)"
			continue
		fi
		if build "$d"; then
			if "$d/t" >/dev/null 2>&1; then
				fail "$1 $2 -> $3: no unit test noticed"
			else
				pass "$1 $2 -> $3 breaks a test"
			fi
			if [ -n "${SENTENCES:-}" ]; then
				sentence_follows "$tmp/base/t" "$d/t" "$1" "$3"
			fi
		else
			fail "$1 $2 -> $3: build failed: $(head -c 300 "$d/log")"
		fi
	done
	rm -rf "$tmp"
}

# neighbours DIR: beside a mutated copy in DIR, every folder of the core
# (CORE_DIRS, tests/lib.sh) and kinds/ linked in as they are, so the copy's
# relative includes reach them, whichever folder a kind includes.
neighbours() {
	local d
	for d in $CORE_DIRS kinds; do
		[ -e "$1/$d" ] || ln -s "$PWD/$d" "$1/$d"
	done
}
# core FOLDER: the built objects (under $obj) of every folder of the core
# and every kind but FOLDER, the one mutated.
core() {
	ls $(for d in $CORE_DIRS; do echo $d/*.c; done) kinds/*/*.c | grep -v -e "^$1/" | sed "s#^\(.*\)\.c\$#$obj/\1.o#"
	kernels
}
# kernels: the built objects of the kinds' kernels for this machine
# (kinds/NAME/ARCH/, chosen by the build), which no mutant changes and
# the kinds' platform code names
kernels() {
	ls build/host/obj/kinds/*/"$(uname -m)"/*.o 2>/dev/null
}
