package web

import (
	"context"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// What a connection is doing, which decides which one is closed when a
// new one needs its place: one still waiting for a request goes first.
type connState int

const (
	// waiting for a request: its header or body, or the next request on
	// a kept-alive connection.
	waiting connState = iota
	// working: the request is read; its answer is being made or written.
	working
	// computing: an API call holds a slot for it. It is never closed
	// for another, so that a call under way always gets its answer.
	computing
)

// conns is the listener that keeps at most max connections open.
//
// When every place is taken, a new connection takes the place of the
// open one that costs others most: of the client address holding the
// most connections, one waiting for a request rather than answering one,
// the one that has waited longest (since it was accepted, or since its
// last answer), once it has had its grace. Clients that open connections
// and never finish a request (slowloris) thus close each other's, while a
// browser's request, sent whole at once, is read within its grace. With
// accepts blocked until a connection closed instead, a new connection
// waited in the kernel's backlog behind every attacker, each holding its
// place for the 10 s header timeout: 1,000 of them on loopback kept all
// of 12 ordinary calls from an answer within 15 s.
type conns struct {
	net.Listener
	max   int
	grace time.Duration // Limits.Grace

	mu    sync.Mutex
	open  map[*conn]struct{}
	hosts map[string]int // open connections by client address
	freed chan struct{}  // a connection closed: room, maybe
}

// limitListener returns ln with at most n connections open at once, each
// given grace to send its request before another may take its place.
func limitListener(ln net.Listener, n int, grace time.Duration) *conns {
	return &conns{Listener: ln, max: max(n, 1), grace: grace, open: map[*conn]struct{}{}, hosts: map[string]int{},
		freed: make(chan struct{}, 1)}
}

// conn is one open connection of conns.
type conn struct {
	net.Conn
	l    *conns
	host string // the client's address without its port

	// Under l.mu:
	state connState
	since time.Time // when it began waiting: accepted, or its last answer written
}

func (l *conns) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		l.makeRoom()
		nc := &conn{Conn: c, l: l, host: clientHost(c.RemoteAddr()), since: time.Now()}
		l.mu.Lock()
		if len(l.open) >= l.max {
			// Every place is an API call under way (only when max is
			// not above the calls at once): this one is refused.
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[nc] = struct{}{}
		l.hosts[nc.host]++
		l.mu.Unlock()
		return nc, nil
	}
}

// makeRoom returns when a place is free for a connection just accepted,
// having closed the victim for it once the victim has had its grace;
// meanwhile the new connection waits, its request unread, and the next
// ones in the kernel's backlog. The grace bounds how fast clients that
// never finish a request take each other's places, max per grace, so
// that a new connection waits some (clients - max) × grace / max. It
// returns at once when every place is an API call under way, and Accept
// then refuses the new connection. Only Accept adds connections, so the
// place stays free for it.
func (l *conns) makeRoom() {
	for {
		l.mu.Lock()
		if len(l.open) < l.max {
			l.mu.Unlock()
			return
		}
		v := l.victim()
		if v == nil {
			l.mu.Unlock()
			return
		}
		if wait := l.grace - time.Since(v.since); v.state == waiting && wait > 0 {
			l.mu.Unlock()
			t := time.NewTimer(wait)
			select {
			case <-l.freed:
			case <-t.C:
			}
			t.Stop()
			continue
		}
		l.remove(v)
		l.mu.Unlock()
		v.Conn.Close() // its server goroutine then ends, and calls Close
		return
	}
}

// victim returns the connection to close for a new one, nil when all
// are computing. A scan is enough: it runs only when all places are
// taken, over max (1,024) connections: tens of microseconds.
func (l *conns) victim() *conn {
	var v *conn
	for c := range l.open {
		if c.state == computing {
			continue
		}
		if v == nil || l.closesBefore(c, v) {
			v = c
		}
	}
	return v
}

// closesBefore reports whether a is to be closed before b.
func (l *conns) closesBefore(a, b *conn) bool {
	if na, nb := l.hosts[a.host], l.hosts[b.host]; na != nb {
		return na > nb
	}
	if a.state != b.state {
		return a.state < b.state
	}
	return a.since.Before(b.since)
}

// remove forgets c, once; l.mu is held.
func (l *conns) remove(c *conn) {
	if _, ok := l.open[c]; !ok {
		return
	}
	delete(l.open, c)
	if l.hosts[c.host]--; l.hosts[c.host] == 0 {
		delete(l.hosts, c.host)
	}
	select {
	case l.freed <- struct{}{}:
	default:
	}
}

func (c *conn) Close() error {
	c.l.mu.Lock()
	c.l.remove(c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// set records what c is doing; a nil c (a handler not run by Serve) is
// left alone.
func (c *conn) set(s connState) {
	if c == nil {
		return
	}
	c.l.mu.Lock()
	defer c.l.mu.Unlock()
	if s == waiting && c.state != waiting {
		c.since = time.Now()
	}
	c.state = s
}

// clientHost is a connection's client address without its port: the
// connections of one machine are counted together.
func clientHost(a net.Addr) string {
	if host, _, err := net.SplitHostPort(a.String()); err == nil {
		return host
	}
	return a.String()
}

// connKey is the request context's key to its *conn.
type connKey struct{}

// connOf returns the connection a request came on, nil when it did not
// come through conns.
func connOf(ctx context.Context) *conn {
	c, _ := ctx.Value(connKey{}).(*conn)
	return c
}

// trackConns has srv tell the connections of conns what they are doing:
// waiting again once an answer is written, working once a request is
// read, header and body (a body sent slowly keeps it waiting, and so
// first in line to be closed).
func trackConns(srv *http.Server) {
	srv.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		if nc, ok := c.(*conn); ok {
			return context.WithValue(ctx, connKey{}, nc)
		}
		return ctx
	}
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		if nc, ok := c.(*conn); ok && s == http.StateIdle {
			nc.set(waiting)
		}
	}
	h := srv.Handler
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := connOf(r.Context())
		if r.Body == nil || r.Body == http.NoBody {
			c.set(working)
		} else {
			r.Body = &bodyReader{ReadCloser: r.Body, c: c}
		}
		h.ServeHTTP(w, r)
	})
}

// bodyReader marks its connection working when the body has been read.
type bodyReader struct {
	io.ReadCloser
	c *conn
}

func (b *bodyReader) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.c.set(working)
	}
	return n, err
}
