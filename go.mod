module rvsim

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/chzyer/readline v1.5.1
	github.com/creack/pty v1.1.24
	github.com/emmansun/gmsm v0.15.5
	github.com/google/pprof v0.0.0-20261105003125-4bf881d7fb0b
	gonum.org/v1/gonum v0.17.0
)

require golang.org/x/sys v0.32.0 // indirect
