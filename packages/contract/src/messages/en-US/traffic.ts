/** The traffic area's texts: statistics queries and the edge's log intake. */
export const traffic = {
  'traffic.range.endBeforeStart': 'The end time must be after the start time',
  'traffic.range.tooLong': 'A query may cover at most 92 days',
  'traffic.range.tooFine': 'Five-minute granularity covers at most 31 days; choose a coarser granularity',
  'traffic.edge.unauthorized': 'Unknown edge node token',
  'traffic.edge.badBody': 'The body is not readable access-log lines (gzip or plain JSON lines)',
} as const;
