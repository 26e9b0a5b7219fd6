module threads

go 1.26
