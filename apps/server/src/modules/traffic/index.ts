// The traffic area's door: the statistics other variants show, and the bytes a traffic package is counted against.
export { createStatisticsService, type StatisticsService } from './statistics.service';
export { accountBytes, wholeBuckets } from './traffic-usage';
