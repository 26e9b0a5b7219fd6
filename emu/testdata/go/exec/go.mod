module goexec

go 1.26
