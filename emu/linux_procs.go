package emu

import "runtime"

// Processes. A program and the children it forks run one at a time, each on a goroutine of
// its own, and pass a baton: the one running hands it on only when it must wait for another
// (a pipe that is empty while someone may still write it, or full while someone may still
// read it; a wait4, waitid or sigsuspend for a child that has not ended; a sleep, which lets
// the others run first). After a fork the parent goes on, as Linux runs it on, and the child
// runs once the parent waits; after a vfork the child runs first, until it waits or ends (its
// parent would wait for its exec). Nothing is preempted (though a program that polls a
// non-blocking pipe or calls sched_yield lets the others run), so a run is deterministic.
// Before, a child ran to its end inside its parent's fork, which a pipe's writer could not
// survive: with nobody to drain the pipe, the writer got EAGAIN past pipeMax bytes (cat of a
// 2 MB file into md5sum lost the rest, yes | head printed an error).
//
// When the running process must wait and no other can go on, nobody will: the wait ends at
// once as it did before (EAGAIN from the pipe, ECHILD from the wait), so that a deadlocked
// program ends rather than hangs. When a process ends and none of the others can go on, the
// youngest waiting one is woken the same way.
//
// Threads of one process keep their own scheduler (linux_thread.go); a process with more
// than one thread waits for other processes only through it.

// maxProcs bounds the processes alive at once in one tree (fork gets EAGAIN past it): as many
// as the forks nested deep could hold alive before (maxForkDepth), since each has its own
// memory (up to the memory limit) and decoded code.
const maxProcs = maxForkDepth

// procTree is the processes of one program: the live ones, oldest first, and the last
// process or thread id given out (after linuxPid: one counter for the tree, so that kill,
// getppid and wait find the one process an id names).
type procTree struct {
	list   []*proc
	lastID int64
}

// proc is one process of a tree.
type proc struct {
	tree *procTree
	l    *Linux // (the same across an execve, which replaces what it holds)
	// wake is the baton: true when the process may go on, false when it was woken only
	// because nobody could (its wait ends as if nobody else existed).
	wake chan bool
	// ready, while the process waits, says whether it can go on (it is read by the process
	// passing the baton on, which holds it).
	ready  func() bool
	killed bool // ended while it waited (drainProcs): its goroutine exits when woken
	// sleep, while it sleeps, is when it wakes on its own clock (0: it does not sleep). Each
	// process's clock runs with its own instructions, as on a CPU of its own, from its
	// parent's at the fork, so sleepers wake in the order of these.
	sleep uint64
}

func alwaysReady() bool { return true }

// procs returns the tree l belongs to, making one with l as its first process.
func (l *Linux) procs() *procTree {
	if l.proc == nil {
		l.proc = &proc{tree: &procTree{}, l: l, wake: make(chan bool)}
		l.proc.tree.list = []*proc{l.proc}
	}
	return l.proc.tree
}

// newID returns a process or thread id no other of l's tree has had.
func (l *Linux) newID() int64 {
	t := l.procs()
	t.lastID++
	return linuxPid + t.lastID
}

// liveChild reports whether a child of l for which match holds of its pid is alive.
func (l *Linux) liveChild(match func(pid int64) bool) bool {
	if l.proc == nil {
		return false
	}
	for _, q := range l.proc.tree.list {
		if q.l.ppid == l.pid && q.l != l && match(q.l.pid) {
			return true
		}
	}
	return false
}

// awaitChild ends a wait4 or waitid (whose first argument was a0) that found no child it
// could report but one that is alive: it waits until ended says one has ended. It returns
// the call's result when the call ends here, and done false when the call is to look at its
// children again.
func (l *Linux) awaitChild(h *Hart, ended func() bool, a0 uint64) (ret int64, done bool) {
	if l.threaded() {
		// The thread waits among the others (and they, when all wait, for the other
		// processes): the call runs again once a child has ended.
		l.retryWhen(h, ended, 0)
		return int64(a0), true
	}
	if !l.waitOthers(ended) {
		return -eCHILD, true // they all wait for something nobody will do
	}
	if l.interrupted() && !ended() {
		return -eINTR, true
	}
	return 0, false
}

// pick returns a waiting process other than p that can go on: the first after p in the
// list (from position at, where p is or was) that does not sleep, or else the sleeper that
// wakes first, before until when that is not 0 (p's own wake-up), or nil.
func (t *procTree) pick(p *proc, at int, until uint64) *proc {
	n := len(t.list)
	var first *proc
	for k := range n {
		q := t.list[(at+k)%n]
		if q == p || q.ready == nil {
			continue
		}
		if q.signalled() {
			return q // its wait ends (EINTR, or the signal's action)
		}
		if q.sleep != 0 {
			if (until == 0 || q.sleep < until) && (first == nil || q.sleep < first.sleep) {
				first = q
			}
			continue
		}
		if q.ready() {
			return q
		}
	}
	return first
}

// signalled reports whether a signal the waiting process lets through is pending.
func (p *proc) signalled() bool { return p.l.sig.pending&^p.l.sig.blocked != 0 }

// find returns the live process pid of the tree, or nil.
func (t *procTree) find(pid int64) *Linux {
	for _, q := range t.list {
		if q.l.pid == pid {
			return q.l
		}
	}
	return nil
}

// handTo passes the baton to q, telling it whether it may go on.
func handTo(q *proc, ok bool) {
	q.ready, q.sleep = nil, 0
	q.wake <- ok
}

// waitOthers makes the running process wait, while the others run, until ready says it can
// go on; it returns false at once, not having waited, when no other process can go on (or
// when it was woken because none could).
func (l *Linux) waitOthers(ready func() bool) bool { return l.waitOthersUntil(ready, 0) }

// waitOthersUntil is waitOthers for a process that sleeps until wake on its own clock
// (0: it does not sleep): the others that can go on run first, and the sleepers that wake
// before it.
func (l *Linux) waitOthersUntil(ready func() bool, wake uint64) bool {
	if l.threaded() {
		return false // (its threads wait among themselves; schedule waits for the others)
	}
	return l.waitProcs(ready, wake)
}

// waitProcs is waitOthersUntil for a process with threads too, when every one waits.
func (l *Linux) waitProcs(ready func() bool, wake uint64) bool {
	p := l.proc
	if p == nil || len(p.tree.list) < 2 {
		return false
	}
	at := 0
	for i, q := range p.tree.list {
		if q == p {
			at = i + 1
		}
	}
	next := p.tree.pick(p, at, wake)
	if next == nil {
		return false
	}
	p.ready, p.sleep = ready, wake
	handTo(next, true)
	return p.woken()
}

// woken waits for the baton and returns what it came with; a process ended meanwhile
// (drainProcs) goes no further.
func (p *proc) woken() bool {
	ok := <-p.wake
	if p.killed {
		runtime.Goexit()
	}
	return ok
}

// sleepAmongOthers lets the other processes that can go on, and those that sleep until
// before wake (on their clocks; wake on the running one's), run before the running one goes
// on.
func (l *Linux) sleepAmongOthers(wake uint64) { l.waitOthersUntil(alwaysReady, max(wake, 1)) }

// yieldOthers lets the other processes that can go on (not the sleepers) run before the
// running one goes on.
func (l *Linux) yieldOthers() { l.waitOthers(alwaysReady) }

// startChild adds the forked child c to l's tree, on its own goroutine: it runs first, until
// it waits or ends, when first (a vfork, whose parent waits), and otherwise once the parent
// waits (as Linux runs a fork's parent on). done is what the child's goroutine does once it
// has ended.
func (l *Linux) startChild(c *Hart, first bool, done func(Stop)) {
	t := l.procs()
	cp := &proc{tree: t, l: c.Linux, wake: make(chan bool), ready: alwaysReady}
	c.Linux.proc = cp
	t.list = append(t.list, cp)
	go func() {
		cp.woken()
		budget := ^uint64(0)
		if b := c.Linux.cfg.ChildMaxInsns; b != 0 {
			budget = b
		}
		st := c.Run(budget)
		c.Linux.CloseFiles()
		done(st)
		t.exit(cp)
	}()
	if first {
		me := l.proc
		me.ready = alwaysReady
		handTo(cp, true)
		me.woken()
	}
}

// exit takes the ended process p out of the tree and passes the baton on.
func (t *procTree) exit(p *proc) {
	at := 0
	for i, q := range t.list {
		if q == p {
			t.list = append(t.list[:i], t.list[i+1:]...)
			at = i
			break
		}
	}
	if len(t.list) == 0 {
		return
	}
	if next := t.pick(nil, at, 0); next != nil {
		handTo(next, true)
		return
	}
	// Everyone waits for something only another could do: the youngest's wait ends.
	handTo(t.list[len(t.list)-1], false)
}

// interrupted reports whether the running process, back from waiting for the others, has a
// signal to take: its wait ends with EINTR.
func (l *Linux) interrupted() bool { return l.sig.pending&^l.sig.blocked != 0 }

// othersAlive reports whether other processes of l's tree are alive.
func (l *Linux) othersAlive() bool { return l.proc != nil && len(l.proc.tree.list) > 1 }

// drainProcs lets the other processes of the tree run to their ends before the first one
// ends (a shell's background job goes on after it, as it would on Linux), unless they all
// wait for something nobody will do.
func (l *Linux) drainProcs() {
	if l.proc == nil || l.proc.tree.list[0] != l.proc {
		return
	}
	t := l.proc.tree
	if len(t.list) > 1 {
		l.CloseFiles() // (a child reading a pipe it holds the write end of sees its end)
	}
	for len(t.list) > 1 {
		if !l.waitOthers(func() bool { return len(t.list) == 1 }) {
			// The rest wait for each other: they end with it (their goroutines exit).
			for _, q := range t.list[1:] {
				q.killed = true
				q.wake <- false
			}
			t.list = t.list[:1]
			return
		}
	}
}
