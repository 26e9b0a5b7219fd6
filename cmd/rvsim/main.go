// Command rvsim runs, disassembles and (in time) steps through and models RISC-V programs
// that use the scalar and vector crypto extensions.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// command is one subcommand: its usage and help text live beside its flags and code, and
// `rvsim help` is generated from this table.
type command struct {
	Name      string
	UsageLine string // after "rvsim "
	Short     string
	Long      string
	// Flags declares the command's flags on fs and returns the function that runs it.
	Flags func(fs *flag.FlagSet) func(env *cmdEnv, args []string) int
}

// cmdEnv carries the process's streams so tests can run commands in-process.
type cmdEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func (e *cmdEnv) errorf(format string, a ...any) {
	fmt.Fprintf(e.stderr, "rvsim: "+format+"\n", a...)
}

var commands []*command

func register(c *command) { commands = append(commands, c) }

func main() {
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses shared by the commands.
const (
	exitUsage    = 2   // bad arguments, unreadable or foreign ELF
	exitLimit    = 124 // --max-insns reached (as timeout(1))
	exitInternal = 70  // a bug in rvsim (EX_SOFTWARE)
)

// Main runs rvsim with args and returns its exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	env := &cmdEnv{stdin: stdin, stdout: stdout, stderr: stderr}
	defer func() {
		if r := recover(); r != nil {
			env.errorf("internal error: %v (please report this with the command line)", r)
			if os.Getenv("RVSIM_DEBUG") != "" {
				fmt.Fprintf(stderr, "%s", debug.Stack())
			}
			status = exitInternal
		}
	}()
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" || name == "-help" {
		if len(args) > 1 {
			for _, c := range commands {
				if c.Name == args[1] {
					helpFor(c, stdout)
					return 0
				}
			}
			env.errorf("help: unknown command %q", args[1])
			return exitUsage
		}
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.Name != name {
			continue
		}
		fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		run := c.Flags(fs)
		if err := fs.Parse(args[1:]); err != nil {
			if err == flag.ErrHelp {
				helpFor(c, stdout)
				return 0
			}
			env.errorf("%s: %v (see 'rvsim help %s')", c.Name, err, c.Name)
			return exitUsage
		}
		return run(env, fs.Args())
	}
	env.errorf("unknown command %q (see 'rvsim help')", name)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "rvsim: a RISC-V emulator for crypto-kernel developers\n\nUsage:\n\n\trvsim <command> [arguments]\n\nCommands:\n\n")
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-10s %s\n", c.Name, c.Short)
	}
	fmt.Fprintf(w, "\nUse 'rvsim help <command>' or 'rvsim <command> --help' for more about a command.\n")
}

func helpFor(c *command, w io.Writer) {
	fmt.Fprintf(w, "usage: rvsim %s\n\n%s\n", c.UsageLine, strings.TrimSpace(c.Long))
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	c.Flags(fs)
	var b strings.Builder
	fs.SetOutput(&b)
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		fmt.Fprintf(&b, "%s\n    \t%s", line, usage)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		b.WriteString("\n")
	})
	if b.Len() > 0 {
		fmt.Fprintf(w, "\nFlags:\n%s", b.String())
	}
}
