package main

import (
	"io"

	"github.com/urfave/cli/v2"
)

// bashCompletion asks sudokusat itself for the words that may follow, with
// urfave/cli's hidden --generate-bash-completion flag, and falls back to
// file names: most arguments are puzzle files.
const bashCompletion = `# sudokusat completion for bash; zsh runs it through bashcompinit.
_sudokusat() {
  local cur="${COMP_WORDS[COMP_CWORD]}" words
  words=$("${COMP_WORDS[@]:0:COMP_CWORD}" $([[ $cur == -* ]] && printf '%s' "$cur") --generate-bash-completion 2>/dev/null)
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -o bashdefault -F _sudokusat sudokusat
`

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script for bash or zsh",
		ArgsUsage: "bash|zsh",
		Description: examples(
			`source <(sudokusat completion bash)`, "complete commands and flags in this bash session",
			`sudokusat completion bash > /etc/bash_completion.d/sudokusat`, "for every session",
			`source <(sudokusat completion zsh)`, "in zsh"),
		Action: func(c *cli.Context) error {
			switch c.Args().First() {
			case "bash":
				_, err := io.WriteString(c.App.Writer, bashCompletion)
				return writeErr(err)
			case "zsh":
				_, err := io.WriteString(c.App.Writer, "autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n"+bashCompletion)
				return writeErr(err)
			}
			return usagef("completion wants bash or zsh; got %q", c.Args().First())
		},
	}
}
