// Command rvsim runs, disassembles and (in time) steps through and models RISC-V programs
// that use the scalar and vector crypto extensions.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
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

// cmdEnv carries the process's streams so tests can run commands in-process. Main wraps
// stdout and stderr in checkedWriters, and commands open their output files with create, so
// that every output is checked in one place when the command ends: a failed write (a full
// disk, a closed pipe, /dev/full) makes rvsim say which output it lost and exit non-zero.
type cmdEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	outputs        []*checkedWriter // stdout, stderr, then the files create opened
}

func (e *cmdEnv) errorf(format string, a ...any) {
	fmt.Fprintf(e.stderr, "rvsim: "+format+"\n", a...)
}

// create opens path for writing through a checked writer; Main closes it when the command
// ends and reports a failed write or close.
func (e *cmdEnv) create(path string) (io.Writer, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	c := &checkedWriter{w: f, name: path, close: f.Close}
	e.outputs = append(e.outputs, c)
	return c, nil
}

// finish closes the files create opened and checks every output. It returns the command's
// status, or exitIO when the command succeeded but an output was lost.
func (e *cmdEnv) finish(status int) int {
	for _, c := range e.outputs {
		if c.close != nil {
			if err := c.close(); err != nil && c.err == nil {
				c.err = err
			}
			c.close = nil
		}
	}
	for _, c := range e.outputs {
		if c.err == nil {
			continue
		}
		err := c.err
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			err = pe.Err // the name says which file
		}
		if c != e.outputs[1] { // a failed stderr cannot be told about itself
			fmt.Fprintf(e.outputs[1].w, "rvsim: cannot write %s: %v\n", c.name, err)
		}
		if status == 0 {
			status = exitIO
		}
	}
	return status
}

// checkedWriter remembers the first error a write returned (a short write is one); later
// writes fail at once with it. cmdEnv.finish reports it.
type checkedWriter struct {
	w     io.Writer
	name  string       // "standard output" or the file's path
	close func() error // closes a file create opened (nil for the standard streams)
	err   error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		c.err = err
	}
	return n, err
}

// osFile returns the *os.File behind w (a checkedWriter's or w itself), for the terminal
// checks.
func osFile(w io.Writer) (*os.File, bool) {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	return f, ok
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
	exitIO       = 74  // an output could not be written (EX_IOERR)
)

// Main runs rvsim with args and returns its exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	out := &checkedWriter{w: stdout, name: "standard output"}
	errOut := &checkedWriter{w: stderr, name: "standard error"}
	env := &cmdEnv{stdin: stdin, stdout: out, stderr: errOut, outputs: []*checkedWriter{out, errOut}}
	defer func() {
		if r := recover(); r != nil {
			env.errorf("internal error: %v (please report this with the command line)", r)
			if os.Getenv("RVSIM_DEBUG") != "" {
				fmt.Fprintf(env.stderr, "%s", debug.Stack())
			}
			status = exitInternal
		}
		status = env.finish(status)
	}()
	stdout, stderr = env.stdout, env.stderr
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
