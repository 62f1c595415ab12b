module sigil.example/conformance

go 1.19

require github.com/sigil-example/sigil-go v0.0.0

replace github.com/sigil-example/sigil-go => ../../../packages/go
