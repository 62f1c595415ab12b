package sigil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// exportedNames lists the package's exported declarations, as Name or Type.Method, from its source files; with
// handWritten only those outside zz_generated_*.go.
func exportedNames(t *testing.T, handWritten bool) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	files, err := filepath.Glob(filepath.Join(packageDir(t), "sigil", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, path := range files {
		base := filepath.Base(path)
		if strings.HasSuffix(base, "_test.go") || (handWritten && strings.HasPrefix(base, "zz_generated_")) {
			continue
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					names[d.Name.Name] = true
				} else if receiver := receiverName(d.Recv.List[0].Type); ast.IsExported(receiver) {
					names[receiver+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names[s.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return names
}

func receiverName(expr ast.Expr) string {
	if star, ok := expr.(*ast.StarExpr); ok {
		expr = star.X
	}
	if ident, ok := expr.(*ast.Ident); ok {
		return ident.Name
	}
	return ""
}

// The Go page is the contract: its "Exported API" table names every hand-written export, and every name it lists
// exists (methods that implement an interface or the error interface, such as Error and Stamp, are described with
// their type).
func TestThePagesExportedAPITableMatchesThePackage(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(packageDir(t), "..", "..", "website", "docs", "sdks", "golang.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(page)
	start := strings.Index(text, "## Exported API")
	if start < 0 {
		t.Fatal("golang.mdx has no Exported API section")
	}
	section := text[start:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+1]
	}
	listed := map[string]bool{}
	for _, row := range strings.Split(section, "\n") {
		cells := strings.Split(row, "|")
		if len(cells) < 3 || strings.Contains(row, "---") {
			continue
		}
		for _, m := range regexp.MustCompile("`([A-Z][A-Za-z0-9.]*)`").FindAllStringSubmatch(cells[1], -1) {
			listed[m[1]] = true
		}
	}
	all := exportedNames(t, false)
	for name := range listed {
		if !all[name] {
			t.Errorf("the page lists %s, which package sigil does not export", name)
		}
	}
	// Methods the page describes with their type rather than in a row of their own.
	described := map[string]bool{
		"APIKeyStamper.Stamp": true, "APIKeyStamper.PublicKey": true, "RequestError.Error": true, "RequestError.Retryable": true,
		"ActivityTimeoutError.Error": true,
	}
	for name := range exportedNames(t, true) {
		if !listed[name] && !described[name] {
			t.Errorf("package sigil exports %s, which the page's Exported API table does not list", name)
		}
	}
}
