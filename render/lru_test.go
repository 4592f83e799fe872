package render

import (
	"slices"
	"testing"
)

// TestLRUReleasesTheLeastRecentlyUsed: beyond the limit the least recently used value is
// released; replacing a key releases what it held; releaseAll releases the rest.
func TestLRUReleasesTheLeastRecentlyUsed(t *testing.T) {
	var released []string
	c := newLRU[string](2, 8, func(v string) { released = append(released, v) })
	c.put("a", "A")
	c.put("b", "B")
	c.get("a")
	c.put("c", "C") // b is the least recently used
	c.put("a", "A2")
	if _, ok := c.get("b"); ok || !slices.Equal(released, []string{"B", "A"}) || !slices.Equal(c.order, []string{"c", "a"}) {
		t.Errorf("released %v, order %v; want B then A released, c and a kept", released, c.order)
	}
	c.releaseAll()
	if len(c.items) != 0 || !slices.Equal(released, []string{"B", "A", "C", "A2"}) {
		t.Errorf("after releaseAll: %v kept, released %v", c.items, released)
	}
	if d := newLRU[int](0, 8, func(int) {}); d.limit != 8 {
		t.Errorf("limit 0 took %d, want the fallback 8", d.limit)
	}
}
