import { endpointList } from '../../../src/contract/endpoints.js';
import { referenceEndpoints } from '../../../src/contract/reference-endpoints.js';

/** The tools there should be: one per operation of the table (a route form, aliasOf, is served by its operation's tool), and the events log. */
export const toolEndpoints = [...endpointList.filter((e) => !e.aliasOf), referenceEndpoints['events.list']];

/** What is served by default: every operation but the events log, served when its toolset is named. */
export const served = toolEndpoints.filter((e) => e.name !== 'events.list');
