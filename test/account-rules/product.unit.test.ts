import { describeConfigurationCases } from './configuration/configuration-case.js';
import { productCases } from './configuration/product-cases.js';

describeConfigurationCases(productCases);
