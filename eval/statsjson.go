package eval

import "encoding/json"

// UnmarshalJSON reads statistics as MarshalJSON writes them, and those written before issue 22,
// which name no body but carry "proxy" (the proxy's description): those were measured on the
// capsule proxy, so Body reads BodyProxy and MeasuredOn their description.
func (st *PenetrationStats) UnmarshalJSON(data []byte) error {
	type plain PenetrationStats // the same fields without this method
	var v struct {
		plain
		Proxy string `json:"proxy"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*st = PenetrationStats(v.plain)
	if st.Body == "" && v.Proxy != "" {
		st.Body, st.MeasuredOn = BodyProxy, v.Proxy
	}
	return nil
}
