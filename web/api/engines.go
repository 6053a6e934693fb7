package api

import (
	"context"
)

// Engines lists the engines the page runs, from the table of engines, in
// its order: the page draws its choice of engine from it.
func (s Service) Engines(context.Context, Request) Reply {
	r := Reply{Status: StatusListed}
	for _, e := range s.table().Page() {
		r.Engines = append(r.Engines, EngineInfo{Name: e.Name, Doc: e.Doc, Rules: e.Rules})
	}
	return r
}

// StatusListed is the status of Engines' reply.
const StatusListed = "listed"
