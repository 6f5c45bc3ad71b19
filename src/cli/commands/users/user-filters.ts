import type { z } from 'zod';
import type { userFilterSchemas } from '../../../contract/schemas/user.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';

type Option = z.infer<ReturnType<typeof userFilterSchemas>['UserFilterOptionSchema']>;
type SegmentKey = z.infer<ReturnType<typeof userFilterSchemas>['SegmentKeySchema']>;

const optionColumns: Column<Option>[] = [
  { header: 'ID', value: (o) => o.id },
  { header: 'NAME', value: (o) => o.name },
];

const keyColumns: Column<SegmentKey>[] = [
  { header: 'KEY', value: (k) => k.key },
  { header: 'LABEL', value: (k) => k.label },
  { header: 'TYPE', value: (k) => k.type },
];

/** U10-U12 (D-USER-FILTERS): what a user list can be filtered by. */
export const groupFilters = defineCommand({
  name: 'group-filters',
  endpoint: 'users.groupsFilter',
  columns: optionColumns,
  empty: 'No groups.',
  examples: ['fp users group-filters', 'fp users group-filters --jq ".[].name"'],
});

export const planTypes = defineCommand({
  name: 'plan-types',
  endpoint: 'users.planTypes',
  columns: optionColumns,
  empty: 'No user is on a plan.',
  examples: ['fp users plan-types'],
});

export const segmentKeys = defineCommand({
  name: 'segment-keys',
  endpoint: 'users.segmentKeys',
  columns: keyColumns,
  empty: 'No segment or metadata keys.',
  examples: ['fp users segment-keys', 'fp users segment-keys --jq \'.[] | select(.type == "number") | .key\''],
});
