// The account area's door: what other areas, the demo account and the composition root may use of it.
export { createSampleApplicant, demoAccount, ensureDemoAccount, listUsers } from './account.operator';
export { createCaptchaRepository } from './captcha.repository';
export { setCdnType, setCdnTypeById } from './cdn-type';
export { refuseSimulation } from './simulation.guard';
