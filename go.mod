module rvsim

go 1.26

require (
	github.com/emmansun/gmsm v0.15.5 // indirect
	golang.org/x/sys v0.3.0 // indirect
)
