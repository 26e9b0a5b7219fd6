package cyclemodel

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
)

// The types of a core file's values are checked here, against the file structs (fileCore and
// the tables in it), on the document decoded generically, rather than left to the TOML
// decoder: its type errors name a key of an array of tables without the table's index
// ("unit.latency_cycles") and at the line of that key's last occurrence in the file, whichever
// table the bad value is in. Here every problem is named with its table's index
// ("unit[2].latency_cycles") and found at its own line.

// typeProblem is a value of the wrong type, or a key the format does not have.
type typeProblem struct {
	key string // full key, tables of arrays indexed
	msg string
}

// checkTypes walks doc against the struct type t (a file struct), appending a problem for
// every key t does not have and every value of the wrong type.
func checkTypes(doc map[string]any, t reflect.Type, prefix string, out *[]typeProblem) {
	fields := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		fields[f.Tag.Get("toml")] = f.Type
	}
	for key, val := range doc {
		full := join(prefix, key)
		ft, ok := fields[key]
		if !ok {
			*out = append(*out, typeProblem{full, "unknown key"})
			continue
		}
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch ft.Kind() {
		case reflect.String:
			if _, ok := val.(string); !ok {
				*out = append(*out, typeProblem{full, "want a string, not " + describe(val)})
			}
		case reflect.Bool:
			if _, ok := val.(bool); !ok {
				*out = append(*out, typeProblem{full, "want true or false, not " + describe(val)})
			}
		case reflect.Int:
			if _, ok := val.(int64); !ok {
				*out = append(*out, typeProblem{full, "want an integer, not " + describe(val)})
			}
		case reflect.Float64:
			switch x := val.(type) {
			case int64:
			case float64:
				if math.IsNaN(x) || math.IsInf(x, 0) {
					*out = append(*out, typeProblem{full, fmt.Sprintf("%v is not a finite number", x)})
				}
			default:
				*out = append(*out, typeProblem{full, "want a number, not " + describe(val)})
			}
		case reflect.Struct:
			sub, ok := val.(map[string]any)
			if !ok {
				*out = append(*out, typeProblem{full, "want a table, not " + describe(val)})
				continue
			}
			checkTypes(sub, ft, full, out)
		case reflect.Slice:
			if ft.Elem().Kind() == reflect.Struct { // an array of tables
				tabs, ok := tables(val)
				if !ok {
					*out = append(*out, typeProblem{full, "want [[" + key + "]] tables, not " + describe(val)})
					continue
				}
				for i, sub := range tabs {
					checkTypes(sub, ft.Elem(), fmt.Sprintf("%s[%d]", full, i), out)
				}
				continue
			}
			arr, ok := val.([]any)
			if !ok {
				*out = append(*out, typeProblem{full, "want an array of strings, not " + describe(val)})
				continue
			}
			for i, e := range arr {
				if _, ok := e.(string); !ok {
					*out = append(*out, typeProblem{full, fmt.Sprintf("element %d: want a string, not %s", i+1, describe(e))})
					break
				}
			}
		}
	}
}

// tables returns an array of tables as decoded (the decoder gives []map[string]any, or []any
// of tables for an inline array).
func tables(val any) ([]map[string]any, bool) {
	switch x := val.(type) {
	case []map[string]any:
		return x, true
	case []any:
		out := make([]map[string]any, len(x))
		for i, e := range x {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, false
			}
			out[i] = m
		}
		return out, true
	}
	return nil, false
}

// describe names a decoded value's type, with the value for scalars.
func describe(val any) string {
	switch x := val.(type) {
	case string:
		return fmt.Sprintf("the string %q", x)
	case int64:
		return fmt.Sprintf("the integer %d", x)
	case float64:
		return fmt.Sprintf("the float %v", x)
	case bool:
		return fmt.Sprintf("%v", x)
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "an array"
	}
	return fmt.Sprintf("a %T", val)
}

// firstProblem returns the problem on the earliest line (then by key), as an Error.
func firstProblem(file string, lines lineIndex, ps []typeProblem) *Error {
	if len(ps) == 0 {
		return nil
	}
	sort.Slice(ps, func(i, j int) bool {
		li, lj := lines.find(ps[i].key), lines.find(ps[j].key)
		if li != lj {
			return li < lj
		}
		return ps[i].key < ps[j].key
	})
	p := ps[0]
	return &Error{File: file, Line: lines.find(p.key), Key: p.key, Msg: p.msg}
}

// keyAt returns the key set on line n, indexed when it is in an array of tables
// ("unit[2].latency_cycles" rather than "unit.latency_cycles"), or "".
func (li lineIndex) keyAt(n int) string {
	best := ""
	rank := func(k string) int { return 2*strings.Count(k, "[") + strings.Count(k, ".") }
	for k, l := range li {
		if l != n {
			continue
		}
		if best == "" || rank(k) > rank(best) || rank(k) == rank(best) && k < best {
			best = k
		}
	}
	return best
}
