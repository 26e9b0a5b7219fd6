// A Go program: its runtime starts threads (clone), parks them on futexes, sleeps through
// epoll_pwait and wakes its poller through an eventfd; goroutines, channels, a mutex and
// timers run on them.
package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	runtime.GOMAXPROCS(4)
	fmt.Printf("%x\n", sha256.Sum256([]byte("abc")))

	var mu sync.Mutex
	var wg sync.WaitGroup
	total := 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			runtime.LockOSThread() // a thread of its own for some of them
			s := 0
			for j := 0; j < 200000; j++ {
				s += j % (i + 2)
			}
			mu.Lock()
			total += s
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	fmt.Println("total", total)

	ch := make(chan int)
	go func() {
		for i := 0; i < 5; i++ {
			ch <- i * i
		}
		close(ch)
	}()
	sum := 0
	for v := range ch {
		sum += v
	}
	fmt.Println("channel sum", sum)

	t0 := time.Now()
	time.Sleep(20 * time.Millisecond)
	fmt.Println("slept at least 20 ms:", time.Since(t0) >= 20*time.Millisecond)
	select {
	case <-time.After(5 * time.Millisecond):
		fmt.Println("timer fired")
	case <-make(chan int):
	}
	// On one P a goroutine that spins without calls is stopped only by the runtime's
	// monitor thread, which must get the CPU and signal (tgkill) the spinning thread.
	runtime.GOMAXPROCS(1)
	var flag atomic.Bool
	go flag.Store(true)
	for !flag.Load() {
	}
	fmt.Println("spin ended by preemption")

	// Memory the runtime gives back (madvise MADV_DONTNEED) and takes again must read as
	// zeros: allocate, fill, free and return to the OS, allocate again.
	bad := 0
	for round := 0; round < 4; round++ {
		bufs := make([][]byte, 64)
		for i := range bufs {
			bufs[i] = make([]byte, 256<<10)
			for j := range bufs[i] {
				if bufs[i][j] != 0 {
					bad++
				}
				bufs[i][j] = 0xa5
			}
		}
		bufs = nil
		debug.FreeOSMemory()
	}
	fmt.Println("fresh allocations zeroed:", bad == 0)
	fmt.Println("args", len(os.Args))
}
