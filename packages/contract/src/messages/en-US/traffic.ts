/** The traffic area's texts: statistics queries, the edge's log intake and the edge agents' calls. */
export const traffic = {
  'traffic.range.endBeforeStart': 'The end time must be after the start time',
  'traffic.range.tooLong': 'A query may cover at most 92 days',
  'traffic.range.tooFine': 'Five-minute granularity covers at most 31 days; choose a coarser granularity',
  'traffic.edge.unauthorized': 'Unknown edge node token',
  'traffic.edge.badBody': 'The body is not readable access-log lines (gzip or plain JSON lines)',
  'traffic.edge.tooLarge': 'A batch may hold at most {max} MB of lines once inflated: post smaller batches',
  'traffic.edge.sandbox': 'This console runs the sandbox edge (EDGE=sandbox); edge agents need EDGE=nginx',
  'traffic.import.noFile': 'Choose a file of access-log lines (JSON lines, optionally gzip)',
  'traffic.import.tooLarge': 'A file may be at most {max} MB, and {inflated} MB once inflated: split it',
} as const;
