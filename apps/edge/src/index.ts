// The agent as a library, for end-to-end tests and benchmarks that run an edge in their own process.

export { AGENT_VERSION, EdgeAgent, type EdgeAgentOptions, type EdgeRenderer } from './agent';
export { ConfigApplier, type Renderer } from './apply';
export { consoleLogger, type Logger, silentLogger } from './log';
export { Nginx } from './nginx';
export { type EdgeSettings, loadSettings, nginxPathsOf, SettingsError } from './settings';
