package render

// lru keeps GPU-side values by key, releasing the least recently used beyond its limit: the
// uploaded scenes and the kept still layers. Only the engine thread touches it.
type lru[K comparable, V any] struct {
	limit   int
	order   []K // least recently used first
	items   map[K]V
	release func(V)
}

func newLRU[K comparable, V any](limit, fallback int, release func(V)) *lru[K, V] {
	if limit <= 0 {
		limit = fallback
	}
	return &lru[K, V]{limit: limit, items: map[K]V{}, release: release}
}

// get returns key's value, marking it the most recently used.
func (c *lru[K, V]) get(key K) (V, bool) {
	v, ok := c.items[key]
	if ok {
		c.remove(key)
		c.order = append(c.order, key)
	}
	return v, ok
}

// put keeps v under key (releasing what key held), then releases the least recently used values
// beyond the limit.
func (c *lru[K, V]) put(key K, v V) {
	c.forget(key)
	c.items[key] = v
	c.order = append(c.order, key)
	for len(c.order) > c.limit {
		c.forget(c.order[0])
	}
}

// forget releases key's value, if any.
func (c *lru[K, V]) forget(key K) {
	v, ok := c.items[key]
	if !ok {
		return
	}
	c.release(v)
	delete(c.items, key)
	c.remove(key)
}

// remove takes key out of the order.
func (c *lru[K, V]) remove(key K) {
	for i, k := range c.order {
		if k == key {
			c.order = append(c.order[:i], c.order[i+1:]...)
			return
		}
	}
}

// releaseAll releases every value.
func (c *lru[K, V]) releaseAll() {
	for len(c.order) > 0 {
		c.forget(c.order[0])
	}
}
