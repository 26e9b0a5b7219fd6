package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/chzyer/readline"

	"rvsim/isa"
)

// The debugger's front ends: a line editor on a terminal (history in ~/.rvsim_history, tab
// completion of commands, symbols and registers, Ctrl-C at the prompt clears the line), and
// plain line-by-line reading for scripts and pipes.

type lineReader interface {
	ReadLine() (string, error)
	// Plain reports whether lines come from a script or a pipe (no prompt, no editing).
	Plain() bool
	Close() error
}

type plainReader struct{ sc *bufio.Scanner }

func newPlainReader(r io.Reader) *plainReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	return &plainReader{sc}
}

func (p *plainReader) ReadLine() (string, error) {
	if !p.sc.Scan() {
		if err := p.sc.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return strings.TrimRight(p.sc.Text(), "\r"), nil
}

func (p *plainReader) Plain() bool  { return true }
func (p *plainReader) Close() error { return nil }

type terminalReader struct {
	rl *readline.Instance
}

// newTerminalReader returns a line editor when the session's stdin and stdout are a
// terminal, nil otherwise.
func newTerminalReader(s *session) *terminalReader {
	in, ok1 := s.env.stdin.(*os.File)
	out, ok2 := osFile(s.env.stdout)
	if !ok1 || !ok2 || !readline.IsTerminal(int(in.Fd())) || !readline.IsTerminal(int(out.Fd())) {
		return nil
	}
	history := ""
	if home, err := os.UserHomeDir(); err == nil {
		history = filepath.Join(home, ".rvsim_history")
	}
	rl, err := readline.NewEx(&readline.Config{
		Prompt:       "(rvsim) ",
		HistoryFile:  history,
		HistoryLimit: 1000,
		// readline's own saving runs on its input goroutine after it hands the line over,
		// so a "quit" could end the process before it reached the file; ReadLine saves
		// each line itself before returning it.
		DisableAutoSaveHistory: true,
		AutoComplete:           &completer{s: s},
		InterruptPrompt:        "^C",
		EOFPrompt:              "quit",
		Stdin:                  in,
		Stdout:                 out,
		Stderr:                 s.env.stderr,
	})
	if err != nil {
		return nil
	}
	return &terminalReader{rl}
}

func (t *terminalReader) ReadLine() (string, error) {
	for {
		line, err := t.rl.Readline()
		if err == readline.ErrInterrupt {
			continue // Ctrl-C at the prompt: a fresh line, the session goes on
		}
		if err == nil {
			// A history file that cannot be written costs the recall, not the session.
			_ = t.rl.SaveHistory(line)
		}
		return line, err
	}
}

func (t *terminalReader) Plain() bool  { return false }
func (t *terminalReader) Close() error { return t.rl.Close() }

// completer completes the first word to a command and the others to what the command
// takes: symbols and registers, registers, CSRs, commands, info's subcommands.
type completer struct {
	s    *session
	syms []string
}

func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	text := string(line[:pos])
	words := strings.Fields(text)
	if len(words) == 0 || !strings.HasSuffix(text, " ") && len(words) == 1 {
		prefix := ""
		if len(words) == 1 {
			prefix = words[0]
		}
		return complete(prefix, commandNames()), len([]rune(prefix))
	}
	prefix := ""
	if !strings.HasSuffix(text, " ") {
		prefix = words[len(words)-1]
		words = words[:len(words)-1]
	}
	name, _, _ := splitCommand(words[0])
	cmd := lookupCommand(name)
	if cmd == nil {
		return nil, 0
	}
	var cands []string
	switch cmd.complete {
	case "sym":
		cands = append(c.symbols(), regNames()...)
	case "reg":
		cands = regNames()
		for i := 0; i < 32; i++ {
			cands = append(cands, "v"+strconv.Itoa(i))
		}
	case "csr":
		cands = csrNames()
	case "cmd":
		cands = commandNames()
	case "info":
		if len(words) == 1 {
			cands = []string{"breakpoints", "registers", "symbol", "frame", "line", "display", "history", "watchpoints", "threads"}
		} else if strings.HasPrefix("registers", words[1]) {
			cands = regNames()
		} else {
			cands = c.symbols()
		}
	case "set":
		if len(words) == 1 {
			cands = append(append(regNames(), "mem", "fast", "pc"), csrNames()...)
		} else if words[1] == "mem" && len(words) == 2 {
			cands = append(c.symbols(), regNames()...)
		} else if words[1] == "fast" {
			cands = []string{"on", "off"}
		}
	}
	// A "$reg" or "SYM+OFF" word completes its last part.
	base := prefix
	if i := strings.LastIndexAny(prefix, "+-$*&"); i >= 0 {
		base = prefix[i+1:]
	}
	return complete(base, cands), len([]rune(base))
}

func (c *completer) symbols() []string {
	if c.syms == nil {
		seen := map[string]bool{}
		for _, s := range c.s.f.Symbols {
			if s.Name != "" && !seen[s.Name] {
				seen[s.Name] = true
				c.syms = append(c.syms, s.Name)
			}
		}
		sort.Strings(c.syms)
	}
	return c.syms
}

// complete returns the suffixes of the candidates that extend prefix, each followed by a
// space.
func complete(prefix string, cands []string) [][]rune {
	var out [][]rune
	seen := map[string]bool{}
	for _, c := range cands {
		if strings.HasPrefix(c, prefix) && !seen[c] {
			seen[c] = true
			out = append(out, []rune(c[len(prefix):]+" "))
		}
	}
	return out
}

func commandNames() []string {
	var names []string
	for _, c := range dbgCommands {
		names = append(names, c.name)
		names = append(names, c.aliases...)
	}
	sort.Strings(names)
	return names
}

func regNames() []string {
	var names []string
	for r := uint8(0); r < 32; r++ {
		names = append(names, isa.RegName(r))
	}
	return append(names, "pc", "fp")
}

func csrNames() []string {
	var names []string
	for n := uint16(0); n < 0x1000; n++ {
		if name, ok := isa.CSRName(n, 64); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}
