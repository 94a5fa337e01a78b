# bash completion for kwb (Kernel Workbench, headless)
# Commands are completed from a fixed list; each command's options from its
# own --help, so they never drift from the binary.
_kwb()
{
    local cur prev words cword
    _init_completion || return
    local commands="run report export import simulate hosts eval validate calibrate targets"
    if [[ $cword -eq 1 ]]; then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi
    local command=${words[1]}
    if [[ $command == hosts && $cword -eq 2 ]]; then
        COMPREPLY=($(compgen -W "check" -- "$cur"))
        return
    fi
    case $prev in
        --session|--session-dir|--work-dir)
            _filedir -d
            return ;;
        --kernel|--cache|--out|-o)
            _filedir
            return ;;
        --strategy)
            COMPREPLY=($(compgen -W "model coordinate random exhaustive" -- "$cur"))
            return ;;
        --host)
            _known_hosts_real -- "$cur"
            COMPREPLY+=($(compgen -W "local" -- "$cur"))
            return ;;
    esac
    if [[ $cur == -* ]]; then
        local options
        options=$("${words[0]}" "$command" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    _filedir '@(json|jsonc)'
    [[ $command == report || $command == export || $command == run ]] && _filedir -d
}
complete -F _kwb kwb
