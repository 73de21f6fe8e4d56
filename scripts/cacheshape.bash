# bash completion for cacheshape (installed by `make install` as
# PREFIX/share/bash-completion/completions/cacheshape; or `source` it).
# Everything it offers is read from the command's own help when asked, so
# it never falls behind: the subcommands from `cacheshape --help` (as
# scripts/commands.sh reads them), a subcommand's options from
# `cacheshape CMD --help`, which of them take a value (the help writes one
# after the option: "--cpu N", "-o, --output FILE") and the words a value
# may be ("--pages 4k|huge"; import's formats from its "formats" list).

# The options of "$1 $2" (a subcommand, or "" for the top level), one a
# line: NAME, or NAME=VALUE-WORD for one that takes a value.
_cacheshape_opts()
{
	"$1" ${2:+"$2"} --help 2>/dev/null | awk '
		function take(line, cluster,   n, names, w, sp, v, k) {
			n = 0; v = ""
			while (match(line, /--?[A-Za-z][A-Za-z0-9-]*( [A-Z][A-Za-z0-9.|-]*| [a-z0-9]+(\|[a-z0-9]+)+)?/)) {
				w = substr(line, RSTART, RLENGTH)
				line = substr(line, RSTART + RLENGTH)
				sp = index(w, " ")
				if (sp) { v = substr(w, sp + 1); w = substr(w, 1, sp - 1) }
				names[++n] = w
				if (!cluster) { put(w, v); v = ""; n = 0 }
				else if (v != "" || line !~ /^, *-/) break
			}
			for (k = 1; k <= n; k++) put(names[k], v)
		}
		# an option line says whether its option takes a value; a usage
		# line only for options no option line lists (import --from)
		function put(w, v) {
			if (!(w in seen)) order[++m] = w
			if (!usage || !(w in seen)) val[w] = v
			if (!usage) listed[w] = 1
			seen[w] = 1
		}
		NR == 1 || (NR > 1 && usage && !/^$/) { usage = 1; take($0, 0); next }
		{ usage = 0 }
		/^ +-/ { take($0, 1) }
		END { for (k = 1; k <= m; k++) print order[k] (val[order[k]] != "" ? "=" val[order[k]] : "") }'
}

_cacheshape()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local cs=${COMP_WORDS[0]} cmd="" i w opts value=""
	COMPREPLY=()
	# --opt=VALUE: bash splits it at '=' (COMP_WORDBREAKS): "--opt" "=" "VAL"
	if [ "$cur" = "=" ]; then
		cur=""
	elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 2 ]; then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	fi
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in -*) ;; *) cmd=$w; break ;; esac
	done
	if [ -z "$cmd" ]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--help --version -h -V" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$("$cs" --help 2>/dev/null | awk '/^commands:/{on=1;next} on&&/^$/{exit} on&&/^  [a-z]/{print $1}' | sort -u)" -- "$cur"))
		fi
		return
	fi
	if [ "$cmd" = help ]; then
		[ "$COMP_CWORD" -eq $((i + 1)) ] &&
			COMPREPLY=($(compgen -W "$("$cs" --help 2>/dev/null | awk '/^commands:/{on=1;next} on&&/^$/{exit} on&&/^  [a-z]/&&$1!="help"{print $1}' | sort -u)" -- "$cur"))
		return
	fi
	opts=$(_cacheshape_opts "$cs" "$cmd")
	# the value of the option before, when it takes one
	if [[ $prev == -* ]]; then
		value=$(printf '%s\n' "$opts" | awk -F= -v o="$prev" '$1 == o && NF > 1 { print $2; exit }')
	fi
	if [ -n "$value" ]; then
		case $value in
		*"|"*) COMPREPLY=($(compgen -W "${value//|/ }" -- "$cur")) ;;
		DIR) COMPREPLY=($(compgen -d -- "$cur")) ;;
		FORMAT) COMPREPLY=($(compgen -W "$("$cs" "$cmd" --help 2>/dev/null |
			awk '/^formats/{on=1;next} on&&/^$/{exit} on&&/^  [a-z]/{print $1}')" -- "$cur")) ;;
		FILE | OUT*) COMPREPLY=($(compgen -f -- "$cur")) ;;
		*) ;;   # a number or a word (N, NS, TEXT, ADDR...): nothing to offer
		esac
		return
	fi
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(printf '%s\n' "$opts" | cut -d= -f1 | sort -u)" -- "$cur"))
		return
	fi
	case $cmd in
	check) COMPREPLY=($(compgen -d -- "$cur")) ;;
	serve) ;;
	*) COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
}
complete -o filenames -F _cacheshape cacheshape
