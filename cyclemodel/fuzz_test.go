package cyclemodel

import (
	"strings"
	"testing"
)

// FuzzParse: a core description from bytes never panics; a rejected one gets a one-line
// error naming the file; an accepted one is a valid core: a model can be built from it at
// either XLEN, every parameter it lists reads back, and SetParam accepts each current value
// (the validation Parse applies and the one SetParam applies agree).
func FuzzParse(f *testing.F) {
	for _, name := range Names() {
		data, err := shipped.ReadFile("cores/" + name + ".toml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("name = \"x\"\n[pipeline]\nissue = \"in-order\"\n"))
	f.Add([]byte("[[unit]]\nname = \"alu\"\nclasses = [\"alu\"]\ncount = 0\n"))
	f.Add([]byte("= 1\n[a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.toml", data)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "fuzz.toml") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q: want one line starting with the file name", msg)
			}
			return
		}
		New(c, 64, 0)
		New(c, 32, 256)
		if c.Summarize() == "" {
			t.Fatal("empty summary of an accepted core")
		}
		for _, key := range c.ParamKeys() {
			v, err := c.Param(key)
			if err != nil {
				t.Fatalf("ParamKeys lists %q, Param fails: %v", key, err)
			}
			if err := c.SetParam(key, v); err != nil {
				t.Fatalf("%s = %g was accepted by Parse, SetParam rejects it: %v", key, v, err)
			}
		}
	})
}
