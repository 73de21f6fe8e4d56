# mutation-lib.sh: the machinery of the mutation suite (tests/suite-mutation.sh).
# Source it after tests/lib.sh, then give `mutants` the table on its
# standard input and call `mutation_run`.
#
# The table: a line "= SUITE TEST [sentences] [compiled]" opens a group
# (SUITE names it in the output, TEST is tests/TEST.c), then a line a
# mutant, "CONSTANT ORIGINAL MUTANT": the header that defines CONSTANT
# (`#define CONSTANT ORIGINAL`) is found by searching the tree's headers,
# so a header moved or renamed needs no edit here. The unmutated tree must
# pass TEST; every mutant must make it fail. With `sentences`, TEST also
# answers `--sentences` with "CONSTANT<TAB>sentence" lines: each mutant
# must change its constant's sentence, which must print the mutated value.
# With `survives`, the group's mutants must survive: constants no test
# covers yet, kept so that the suite shows a survivor reported as one.
#
# Mutant schemata: one copy of the sources (MUT/tree) in which every
# mutated constant's definition reads `CS_MUTANT(I, ORIGINAL)`, a call of
# tests/mutant.c's switch that gives ORIGINAL unless the environment's
# CS_MUTANT says "I VALUE". The sources that include such a header (the
# host build's dependency files say which) are compiled once from the
# copy, every other object is the host build's own, gathered in one
# archive; a test is compiled and linked once, and each mutant is one run
# of it. A constant C needs at compile time (an array's size in a struct:
# the group says `compiled`) is mutated in the copy's text instead, and
# the objects its test links (the link map says which) that include its
# header are compiled again for each mutant. Each group also runs one
# neutral mutant (a constant set to its own value through the switch),
# which must be reported surviving: a kill is the value's, not the
# switch's.
MUT=${MUT_DIR:-build/mutation}
CC=${HOST_CC:-cc}
MUT_HOST=build/host
# the exit status of tests/mutant.c's switch misspelt
MUT_BAD_SWITCH=86

declare -a MUT_SUITE=() MUT_TEST=() MUT_OPTS=() MUT_NAME=() MUT_ORIG=() MUT_NEW=()
declare -gA MUT_HDR=() MUT_IDX=() MUT_SCHEMA_ORIG=()
MUT_RECOMPILED=0

# mutants: read the table (above) from standard input
mutants() {
	local suite='' test='' opts='' a b c rest
	while read -r a b c rest; do
		case $a in
		'' | '#'*) continue ;;
		=) suite=$b test=$c opts=$rest ;;
		*)
			MUT_SUITE+=("$suite") MUT_TEST+=("$test") MUT_OPTS+=("$opts")
			MUT_NAME+=("$a") MUT_ORIG+=("$b") MUT_NEW+=("$c")
			;;
		esac
	done
}

# mut_deps DEPFILE...: "SOURCE FILE" for each file a dependency file
# names in its first rule (the object's), paths from the tree's root, "dir/../"
# taken out; SOURCE is the file the rule names first (the .c)
mut_deps() {
	awk '
		function norm(path,   n, p, s, k, i, o) {
			n = split(path, p, "/"); k = 0
			for (i = 1; i <= n; i++) {
				if (p[i] == "." || p[i] == "") continue
				if (p[i] == ".." && k > 0 && s[k] != "..") { k--; continue }
				s[++k] = p[i]
			}
			o = s[1]; for (i = 2; i <= k; i++) o = o "/" s[i]
			return o
		}
		FNR == 1 { done = 0; seen = 0; src = "" }
		done { next }
		{
			line = $0; cont = sub(/\\$/, "", line)
			n = split(line, w, /[ \t]+/)
			for (i = 1; i <= n; i++) {
				if (w[i] == "") continue
				if (!seen) { if (w[i] ~ /:$/) seen = 1; continue }
				f = norm(w[i])
				if (src == "") src = f
				print src, f
			}
			if (!cont) done = 1
		}' "$@"
}

# mut_obj SOURCE: the name of its object in the mutation build (MUT_OBJ)
mut_obj() { MUT_OBJ=${1//\//__}; MUT_OBJ=${MUT_OBJ%.c}.o; }

# mut_re TEXT: TEXT as an extended regular expression matching itself
# (MUT_RE; a constant's value: digits, a point, a sign, letters)
mut_re() { MUT_RE=${1//./\\.}; MUT_RE=${MUT_RE//+/\\+}; }

# the host build's sources of libcore.a and libhost.a (mk/host.mk)
mut_sources() {
	local arch
	arch=$("$CC" -dumpmachine | cut -d- -f1)
	# shellcheck disable=SC2046
	ls $(for d in $CORE_DIRS; do echo "$d/*.c"; done) kinds/*/*.c "arch/$arch/"*.c "kinds/"*"/$arch/"*.c \
		host/*.c host/*/*.c 2>/dev/null |
		grep -v -x -e host/main.c -e host/serve/serve_absent.c -e host/cmd/plot_png_absent.c \
			-e 'kinds/[^/]*/test_[^/]*\.c' # a kind's tests are no source of the libraries
}

mut_cflags() {
	local p
	# no contraction of a*b+c into one instruction: objects built at
	# either level compute alike (-O0 would not contract where -O1 may)
	MUT_CFLAGS=(-std=c11 -w -MMD -ffp-contract=off -DCS_HOST=1 -isystem "$PWD/build/jsmn" -I tests)
	for p in yajl libmicrohttpd librsvg-2.0; do
		# shellcheck disable=SC2207
		MUT_CFLAGS+=($(pkg-config --cflags "$p" 2>/dev/null | sed 's/-I/-isystem /g'))
	done
	MUT_LIBS="$(pkg-config --libs yajl 2>/dev/null || echo -lyajl) $(pkg-config --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd) $(pkg-config --libs nettle 2>/dev/null || echo -lnettle) -ldl -lpthread -lm"
}

# mut_cc OUTDIR SRC...: compile the copy's sources into OUTDIR (a source's
# object is OUTDIR/dir__file.o, its messages OUTDIR/dir__file.o.log), as
# many at once as there are processors
mut_cc() {
	local out=$1
	shift
	[ $# -gt 0 ] || return 0
	mkdir -p "$out"
	printf '%s\n' "$@" | (
		export MUT_CC_OUT="$PWD/$out" MUT_CC_FLAGS="${MUT_OPT:--O1} ${MUT_CFLAGS[*]}" MUT_CC="$CC"
		cd "$MUT/tree" && xargs -P "$(nproc)" -n 1 sh -c '
			o=$(echo "$1" | sed "s#/#__#g; s#\.c\$#.o#")
			$MUT_CC $MUT_CC_FLAGS -c "$1" -o "$MUT_CC_OUT/$o" 2>"$MUT_CC_OUT/$o.log"' sh
	)
}

# mut_switch_header: the lines a header of the schema copy begins with
mut_switch_header() {
	printf '%s\n' '/* the mutation suite'"'"'s schema build: tests/mutant.c */' \
		'double cs_mutant(int index, double value);' \
		'#ifndef CS_MUTANT' \
		'#define CS_MUTANT(i, v) ((__typeof__(v))cs_mutant((i), (v)))' \
		'#endif'
}

# mut_run_test BIN SWITCH: MUT_VERDICT "killed", "survived" or "switch"
# (the switch misspelt) for TEST's binary BIN run with CS_MUTANT=SWITCH
mut_run_test() {
	local rc
	CS_MUTANT=$2 "$1" >/dev/null 2>&1
	rc=$?
	if [ "$rc" -eq 0 ]; then
		MUT_VERDICT=survived
	elif [ "$rc" -eq "$MUT_BAD_SWITCH" ]; then
		MUT_VERDICT=switch
	else
		MUT_VERDICT=killed
	fi
}

# mut_sentence BIN SWITCH CONSTANT: the constant's refusal sentence
mut_sentence() {
	CS_MUTANT=$2 "$1" --sentences 2>/dev/null | grep -P "^$3\t" | cut -f2-
}

# mut_link OUT OBJECT...: a test linked as the unit tests are (mk/test.mk),
# against the schema build's archive, with its link map OUT.map
mut_link() {
	local out=$1
	shift
	# shellcheck disable=SC2086
	"$CC" -o "$out" "$@" "$MUT/obj/tests__mutant.o" -Wl,-Map="$out.map" \
		-Wl,--start-group "$MUT/libmut.a" -Wl,--end-group $MUT_LIBS 2>"$out.log"
}

# mut_compiled I BASE: build the binary of compiled mutant I (MUT/c/t), its
# test's base binary BASE; 0 when built
mut_compiled() {
	local i=$1 base=$2 h srcs t ok=0
	h=${MUT_HDR[${MUT_NAME[$i]}]}
	t=tests/${MUT_TEST[$i]}.c
	cp "$MUT/tree/$h" "$MUT/saved.h"
	mut_re "${MUT_ORIG[$i]}"
	sed -i -E "s/^(#define ${MUT_NAME[$i]} )$MUT_RE( |\$)/\1${MUT_NEW[$i]}\2/" "$MUT/tree/$h"
	mut_re "${MUT_NEW[$i]}"
	if ! [ -e "$MUT/t/tests__${MUT_TEST[$i]}.d" ]; then
		echo "no dependency file of $t: which objects include $h is unknown" >"$MUT/c.log"
		ok=1
	elif ! grep -qE "^#define ${MUT_NAME[$i]} $MUT_RE( |\$)" "$MUT/tree/$h"; then
		echo "could not mutate ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]} in $h" >"$MUT/c.log"
		ok=1
	else
		# the objects the base links that include the header, and the test
		srcs=$(grep -oE 'libmut\.a\([^)]*\)' "$base.map" | sed -E 's/^libmut\.a\((.*)\)$/\1/' | sort -u |
			join -o 2.2 - <(sort "$MUT/members") | sort |
			join -o 1.1 - <(awk -v h="$h" '$2 == h { print $1 }' "$MUT/deps" | sort -u))
		mut_deps "$MUT/t/tests__${MUT_TEST[$i]}.d" | grep -q " $h\$" && srcs="$srcs $t"
		rm -rf "$MUT/c"
		# at -O0: a mutant's objects are compiled for one run
		# shellcheck disable=SC2086
		if ! MUT_OPT=-O0 mut_cc "$MUT/c" $srcs; then
			cat "$MUT"/c/*.log >"$MUT/c.log"
			ok=1
		else
			local objs=() s o
			for s in $srcs; do mut_obj "$s" && objs+=("$MUT/c/$MUT_OBJ"); done
			case " $srcs " in *" $t "*) ;; *) objs+=("$MUT/t/tests__${MUT_TEST[$i]}.o") ;; esac
			mut_link "$MUT/c/t" "${objs[@]}" || { cp "$MUT/c/t.log" "$MUT/c.log"; ok=1; }
			MUT_RECOMPILED=$(echo $srcs | wc -w)
		fi
	fi
	cp "$MUT/saved.h" "$MUT/tree/$h"
	return $ok
}

# mut_users DIRS: the copy's files that use a constant of the schema: a
# line that names one, or names a macro whose definition names one (to
# the fixed point), but the line that defines it; comments left out. A
# file missed would keep the unmutated value: its mutants would survive,
# never be killed by it.
mut_users() {
	local names
	names=$(for d in "${!MUT_IDX[@]}"; do [ "${MUT_IDX[$d]}" = compiled ] || echo "$d"; done)
	[ -n "$names" ] || return 0
	# shellcheck disable=SC2086
	(cd "$MUT/tree" && find $1 tests -name '*.[ch]' | perl -e '
		my %n = map { $_ => 1 } split /\n/, shift;
		my %text;
		while (my $f = <STDIN>) {
			chomp $f;
			open my $h, "<", $f or next;
			local $/;
			my $t = <$h>;
			$t =~ s{/\*.*?\*/}{ }gs;
			$t =~ s{//[^\n]*}{}g;
			$t =~ s{\\\n}{ }g;
			$text{$f} = $t;
		}
		for (my $more = 1; $more;) {
			$more = 0;
			my $re = join "|", keys %n;
			for my $t (values %text) {
				while ($t =~ /^[ \t]*#[ \t]*define[ \t]+(\w+)(.*)$/mg) {
					my ($m, $b) = ($1, $2);
					if (!$n{$m} && $b =~ /\b(?:$re)\b/) { $n{$m} = 1; $more = 1 }
				}
			}
		}
		my $re = join "|", keys %n;
		for my $f (sort keys %text) {
			for my $l (split /\n/, $text{$f}) {
				next if $l =~ /^[ \t]*#[ \t]*define[ \t]+(?:$re)\b/;
				if ($l =~ /\b(?:$re)\b/) { print "$f\n"; last }
			}
		}' "$names")
}

# mut_coverage HEADER...: every numeric constant of each header has a row
# in the table
mut_coverage() {
	local h c
	for h; do
		for c in $(sed -n -E 's/^#define (CS_[A-Z0-9_]+) [-+]?[0-9.][0-9.eE+-]*[a-z]*( .*)?$/\1/p' "$h"); do
			if printf '%s\n' "${MUT_NAME[@]}" | grep -qx "$c"; then
				pass "$h: $c has a mutant"
			else
				fail "$h: $c has no mutant in the table"
			fi
		done
	done
}

# mutation_run: every mutant of the table, as above, then a line a suite
mutation_run() {
	local i n name h s f t names dirs="$CORE_DIRS kinds host efi arch" label bin nbin sw v old new verdict how
	local -A schema_hdrs=() tests=() runs=() kills=() group_seen=()
	local schema=() srcs
	n=${#MUT_NAME[@]}
	mut_cflags
	rm -rf "$MUT"
	mkdir -p "$MUT/tree/build" "$MUT/lib" "$MUT/t"
	# the copy: the sources and headers, and the generated headers
	# shellcheck disable=SC2086
	find $dirs tests -name '*.[ch]' | tar cf - -T - | tar xf - -C "$MUT/tree"
	cp -r build/gen "$MUT/tree/build/"
	# the header that defines each constant
	names=$(printf '%s\n' "${MUT_NAME[@]}" | sort -u | paste -sd'|')
	# shellcheck disable=SC2086
	while read -r f name; do
		if [ -n "${MUT_HDR[$name]:-}" ]; then
			fail "$name: defined in $f and ${MUT_HDR[$name]}"
		fi
		MUT_HDR[$name]=$f
	done < <(grep -rHE --include='*.h' "^#define ($names) " $dirs | sed -E 's/^([^:]*):#define ([A-Za-z0-9_]+) .*/\1 \2/')
	# the schema: every constant no `compiled` group mutates
	for i in $(seq 0 $((n - 1))); do
		name=${MUT_NAME[$i]}
		[ -n "${MUT_HDR[$name]:-}" ] || continue
		case " ${MUT_OPTS[$i]} " in *" compiled "*) MUT_IDX[$name]=compiled ;; esac
	done
	# one sed script rewrites every schema constant's definition
	: >"$MUT/schema.sed"
	for i in $(seq 0 $((n - 1))); do
		name=${MUT_NAME[$i]}
		h=${MUT_HDR[$name]:-}
		[ -n "$h" ] && [ -z "${MUT_IDX[$name]:-}" ] || continue
		mut_re "${MUT_ORIG[$i]}"
		echo "s/^(#define $name )($MUT_RE)( |\$)/\\1CS_MUTANT($i, \\2)\\3/" >>"$MUT/schema.sed"
		MUT_IDX[$name]=pending
		schema_hdrs[$h]=1
	done
	for name in "${!MUT_IDX[@]}"; do [ "${MUT_IDX[$name]}" = pending ] && MUT_IDX[$name]=; done
	# shellcheck disable=SC2046
	local hdrs=("${!schema_hdrs[@]}")
	hdrs=("${hdrs[@]/#/$MUT/tree/}")
	[ ${#hdrs[@]} -eq 0 ] || sed -i -E -f "$MUT/schema.sed" "${hdrs[@]}"
	# those rewritten, as found
	while read -r name i v; do
		MUT_IDX[$name]=$i
		MUT_SCHEMA_ORIG[$name]=$v
	done < <([ ${#hdrs[@]} -gt 0 ] && sed -n -E 's/^#define ([A-Za-z0-9_]+) CS_MUTANT\(([0-9]+), ([^)]*)\).*/\1 \2 \3/p' "${hdrs[@]}")
	for h in "${!schema_hdrs[@]}"; do
		mut_switch_header | cat - "$MUT/tree/$h" >"$MUT/tree/$h.new" && mv "$MUT/tree/$h.new" "$MUT/tree/$h"
	done
	# the host build's objects and what each includes
	: >"$MUT/members"
	srcs=$(mut_sources)
	local dfiles=()
	for s in $srcs; do
		f=$MUT_HOST/obj/${s%.c}
		if ! [ -e "$f.o" ] || ! [ -e "$f.d" ]; then
			fail "$s: no host object $f.o (make host first)"
			return
		fi
		dfiles+=("$f.d")
	done
	mut_deps "${dfiles[@]}" >"$MUT/deps"
	# the sources that use a schema constant: those that name one (or a
	# macro defined from one) in their text or in a file they include
	mut_users "$dirs" >"$MUT/users"
	# shellcheck disable=SC2046
	schema=($(awk 'NR == FNR { u[$1] = 1; next } $2 in u || $1 in u { print $1 }' \
		"$MUT/users" "$MUT/deps" | sort -u))
	if ! mut_cc "$MUT/obj" "${schema[@]}" tests/mutant.c; then
		fail "the schema build does not compile (a constant C needs at compile time? mark its group compiled): $(cat "$MUT"/obj/*.log | grep -m 5 error)"
		return
	fi
	for s in $srcs; do
		mut_obj "$s"
		f=$MUT_OBJ
		if [ -e "$MUT/obj/$f" ]; then
			ln -s "$PWD/$MUT/obj/$f" "$MUT/lib/$f"
		else
			ln -s "$PWD/$MUT_HOST/obj/${s%.c}.o" "$MUT/lib/$f"
		fi
		echo "$f $s" >>"$MUT/members"
	done
	ar rcs "$MUT/libmut.a" "$MUT"/lib/*.o
	# each test once, linked once
	for i in $(seq 0 $((n - 1))); do tests[${MUT_TEST[$i]}]=1; done
	# shellcheck disable=SC2046
	mut_cc "$MUT/t" $(for t in "${!tests[@]}"; do echo "tests/$t.c"; done)
	for t in "${!tests[@]}"; do
		[ -e "$MUT/t/tests__$t.o" ] && mut_link "$MUT/t/$t" "$MUT/t/tests__$t.o"
	done
	echo "$(echo "${schema[@]}" | wc -w) objects compiled for the schema of $(printf '%s\n' "${!MUT_IDX[@]}" | wc -l) constants, ${#tests[@]} tests linked"
	for i in $(seq 0 $((n - 1))); do
		name=${MUT_NAME[$i]}
		h=${MUT_HDR[$name]:-}
		t=${MUT_TEST[$i]}
		bin=$MUT/t/$t
		label="${MUT_SUITE[$i]}: $h"
		[ -n "$h" ] || label="${MUT_SUITE[$i]}: (no header)"
		# a group's first mutant: the unmutated test passes, a neutral
		# mutant survives
		if [ -z "${group_seen[${MUT_SUITE[$i]} $t $h]:-}" ]; then
			group_seen[${MUT_SUITE[$i]} $t $h]=1
			if ! [ -x "$bin" ]; then
				fail "$label: $t does not build: $(head -c 300 "$MUT/t/tests__$t.o.log" "$bin.log" 2>/dev/null)"
			elif mut_run_test "$bin" "" && [ "$MUT_VERDICT" = survived ]; then
				pass "$label: unmutated, $t passes"
			else
				fail "$label: unmutated, $t does not pass"
			fi
			if [ "${MUT_IDX[$name]:-compiled}" != compiled ] && [ -x "$bin" ]; then
				mut_run_test "$bin" "${MUT_IDX[$name]} ${MUT_SCHEMA_ORIG[$name]}"
				verdict=$MUT_VERDICT
				if [ "$verdict" = survived ]; then
					pass "$label: the neutral mutant $name ${MUT_SCHEMA_ORIG[$name]} -> ${MUT_SCHEMA_ORIG[$name]} survives $t (the switch alone kills nothing)"
				else
					fail "$label: the neutral mutant $name -> ${MUT_SCHEMA_ORIG[$name]} is reported $verdict: the kills are not the values'"
				fi
			fi
		fi
		runs[${MUT_SUITE[$i]}]=$((${runs[${MUT_SUITE[$i]}]:-0} + 1))
		if [ -z "$h" ]; then
			fail "$label: $name: no header defines it as #define $name ${MUT_ORIG[$i]}"
			continue
		fi
		if ! [ -x "$bin" ]; then
			fail "$label: $name ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]}: $t does not build"
			continue
		fi
		if [ "${MUT_IDX[$name]:-}" = compiled ]; then
			if ! mut_compiled "$i" "$bin"; then
				fail "$label: $name ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]}: build failed: $(head -c 300 "$MUT/c.log")"
				continue
			fi
			sw= nbin=$MUT/c/t
			how="compiled, $MUT_RECOMPILED objects"
		elif [ "${MUT_SCHEMA_ORIG[$name]:-}" != "${MUT_ORIG[$i]}" ]; then
			fail "$label: $name: could not mutate ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]} (it is ${MUT_SCHEMA_ORIG[$name]:-not} in the table's first mutant of it)"
			continue
		else
			sw="${MUT_IDX[$name]} ${MUT_NEW[$i]}" nbin=$bin
			how="switched"
		fi
		mut_run_test "$nbin" "$sw"
		verdict=$MUT_VERDICT
		case " ${MUT_OPTS[$i]} " in *" survives "*)
			if [ "$verdict" = survived ]; then
				pass "$label: $name ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]} survives $t, reported so (no test covers it yet)"
			else
				fail "$label: $name ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]} is reported $verdict by $t, which covers it now: move it to a group of killed mutants"
			fi
			continue ;;
		esac
		case $verdict in
		killed)
			pass "$label: $name ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]} breaks $t ($how)"
			kills[${MUT_SUITE[$i]}]=$((${kills[${MUT_SUITE[$i]}]:-0} + 1))
			;;
		survived) fail "$label: $name ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]}: no unit test noticed ($t, $how)" ;;
		*) fail "$label: $name ${MUT_ORIG[$i]} -> ${MUT_NEW[$i]}: the switch '$sw' was not understood" ;;
		esac
		case " ${MUT_OPTS[$i]} " in
		*" sentences "*)
			old=$(mut_sentence "$bin" "" "$name")
			new=$(mut_sentence "$nbin" "$sw" "$name")
			printf -v v '%g' "${MUT_NEW[$i]}"
			if [ -z "$old" ]; then
				fail "$label: $name: no refusal sentence for it (--sentences)"
			elif [ "$old" != "$new" ] && [[ "$new" == *"$v"* ]]; then
				pass "$label: $name -> ${MUT_NEW[$i]}: its sentence changes and prints $v"
			else
				fail "$label: $name -> ${MUT_NEW[$i]}: its sentence does not print the mutated value $v: $new"
			fi
			;;
		esac
	done
	for s in $(printf '%s\n' "${MUT_SUITE[@]}" | awk '!seen[$0]++'); do
		echo "$s: ${runs[$s]:-0} mutants run, ${kills[$s]:-0} killed"
	done
}
