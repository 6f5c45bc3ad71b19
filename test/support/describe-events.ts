// The app tells the domain how portal events read (createApp calls describeEventsWith); tests
// that call the domain without an app get the same description, before every test file.
import { describeEventsWith } from '../../src/server/domain/portal-events.js';
import { describeEvent } from '../../src/server/present/event-data.js';

describeEventsWith(describeEvent);
