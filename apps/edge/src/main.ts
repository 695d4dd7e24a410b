// The edge agent's entry point (issue 15): built next.
export {};
