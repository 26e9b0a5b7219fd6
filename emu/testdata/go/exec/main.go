// Command exec runs copies of itself (/proc/self/exe) as children through os/exec, as a Go
// program that spawns tools does: one whose output it collects, one it writes 3 MiB to
// through a pipe while a goroutine waits for it, and one whose 2 MB of output it streams.
// The runtime's threads wait for the children (waitid, wait4) and the pipes among the
// processes.
package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

func main() {
	if len(os.Args) > 1 {
		child(os.Args[1])
		return
	}
	self := "/proc/self/exe"
	out, err := exec.Command(self, "echo").Output()
	fmt.Printf("output %q, err %v\n", out, err)

	c := exec.Command(self, "sha")
	in, _ := c.StdinPipe()
	var buf bytes.Buffer
	c.Stdout = &buf
	if err := c.Start(); err != nil {
		fmt.Println("start:", err)
		os.Exit(1)
	}
	data := bytes.Repeat([]byte("0123456789abcdef"), 3<<16)
	go func() { in.Write(data); in.Close() }()
	err = c.Wait()
	fmt.Printf("child's hash matches: %v, err %v\n", strings.TrimSpace(buf.String()) == fmt.Sprintf("%x", sha256.Sum256(data)), err)

	c = exec.Command(self, "yes")
	r, _ := c.StdoutPipe()
	c.Start()
	n, _ := io.Copy(io.Discard, r)
	fmt.Printf("streamed %d, err %v\n", n, c.Wait())

	err = exec.Command(self, "fail").Run()
	fmt.Printf("failing child: %v\n", err)
}

func child(what string) {
	switch what {
	case "echo":
		fmt.Println("hello from the child")
	case "sha":
		h := sha256.New()
		io.Copy(h, os.Stdin)
		fmt.Printf("%x\n", h.Sum(nil))
	case "yes":
		b := bytes.Repeat([]byte("y\n"), 1000)
		for range 1000 {
			os.Stdout.Write(b)
		}
	case "fail":
		os.Exit(3)
	}
}
