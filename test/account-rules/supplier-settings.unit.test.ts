import { describeConfigurationCases } from './configuration/configuration-case.js';
import { settingsCases } from './configuration/settings-cases.js';

describeConfigurationCases(settingsCases);
