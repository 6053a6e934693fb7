// The page's worker: it runs sudokusat's WebAssembly build, so that a long
// search blocks this thread and not the page, and so that the page can stop
// a search by ending the worker (Go in WebAssembly cannot be interrupted).
//
// Messages in: {op, request}, one at a time. Messages out: {ready, goVersion}
// once, {failed} if the WebAssembly cannot start, then per request
// {progress} for each progress report while it works (api.CallProgress)
// and {reply}, each the JSON text package api wrote.
importScripts('wasm_exec.js');

const go = new Go();
WebAssembly.instantiateStreaming(fetch('main.wasm'), go.importObject).then(
  (result) => {
    // run() returns only when the Go program exits; its main has set up
    // globalThis.sudokusat before the first await inside run().
    go.run(result.instance);
    postMessage({ ready: true, goVersion: globalThis.sudokusat.goVersion });
  },
  (err) => postMessage({ failed: String(err) }),
);

onmessage = async (e) => {
  const { op, request } = e.data;
  const reply = await globalThis.sudokusat[op](JSON.stringify(request), (progress) => postMessage({ progress }));
  postMessage({ reply });
};
