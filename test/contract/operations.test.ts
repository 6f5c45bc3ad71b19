import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.js';
import { isReferenceOperation, operation } from '../../src/contract/operations.js';
import { referenceEndpoints } from '../../src/contract/reference-endpoints.js';

describe('an operation of either table, by name', () => {
  it('the two tables name different operations, so a name finds one entry', () => {
    const shared = Object.keys(endpoints).filter((name) => Object.hasOwn(referenceEndpoints, name));
    expect(shared).toEqual([]);
  });

  it('finds the API operation in the endpoint table and the reference one in the reference table', () => {
    expect(operation('comments.delete')).toBe(endpoints['comments.delete']);
    expect(operation('webhooks.delete')).toBe(referenceEndpoints['webhooks.delete']);
    expect(operation('webhooks.delete').path).toBe('/__reference/webhooks/{id}');
    expect([isReferenceOperation('comments.delete'), isReferenceOperation('events.list')]).toEqual([false, true]);
  });
});
