//go:build js && wasm

// Command wasm is sudokusat compiled to WebAssembly for the web page in
// web/. It puts an object "sudokusat" on the JavaScript global object whose
// methods (solve, count, grade, generate, encode, render, and the setters'
// questions candidates, hint and minimal: api.Ops) each take a JSON
// request, and optionally a function that gets the operation's progress
// reports (api.CallProgress) as JSON while it works, and return a Promise
// of the JSON reply; package api does all the work, so this file only
// carries strings across.
//
// Build it with "go generate ./web", which writes web/static/main.wasm.
package main

import (
	"context"
	"runtime"
	"syscall/js"

	"github.com/sudokusat/sudokusat/web/api"
)

func main() {
	obj := js.Global().Get("Object").New()
	for name := range api.Ops() {
		obj.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			return promise(name, args)
		}))
	}
	obj.Set("goVersion", runtime.Version())
	js.Global().Set("sudokusat", obj)
	select {} // the functions must outlive main's body
}

// promise runs op on the JSON request in args[0] in a goroutine of its own
// and returns a Promise of the reply; a function in args[1] is called
// with each progress report, from that goroutine (the worker posts it to
// the page, whose thread is free). Working inside the JavaScript call
// itself would deadlock as soon as Go waits for a timer or for the event
// loop, which only runs once the call has returned.
func promise(op string, args []js.Value) js.Value {
	request := "{}"
	if len(args) > 0 && args[0].Type() == js.TypeString {
		request = args[0].String()
	}
	var progress js.Value
	if len(args) > 1 && args[1].Type() == js.TypeFunction {
		progress = args[1]
	}
	executor := js.FuncOf(func(_ js.Value, cb []js.Value) any {
		resolve := cb[0]
		go func() {
			if progress.IsUndefined() {
				resolve.Invoke(string(api.Call(context.Background(), op, []byte(request))))
				return
			}
			report := func(b []byte) { progress.Invoke(string(b)) }
			resolve.Invoke(string(api.Service{}.CallProgress(context.Background(), op, []byte(request), report)))
		}()
		return nil
	})
	// The executor runs before New returns, so it can go at once.
	p := js.Global().Get("Promise").New(executor)
	executor.Release()
	return p
}
