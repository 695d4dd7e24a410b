// The commerce area's door: whether a customer holds a paid add-on.
export { addonOwnership } from './addon-ownership';
