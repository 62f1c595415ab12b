module github.com/sigil-example/sigil-go

go 1.19
