import { describe, expect, it } from 'vitest';
import {
  addPath,
  eventFields,
  mergeMembership,
  NO_MEMBERSHIP,
  newPathTree,
} from '../../infra/local/event-pattern-fields.js';

const membership = (...pairs: [number, number][]) => new Map(pairs);

describe('Rule: a match takes a field only when the field sits in the array elements the match already chose', () => {
  it('an empty membership takes the field’s, and a field in no array keeps the match’s', () => {
    // Act
    const fromEmpty = mergeMembership(NO_MEMBERSHIP, membership([3, 33]));
    const ofNoArray = mergeMembership(membership([0, 0], [2, 1]), NO_MEMBERSHIP);
    // Assess
    expect(fromEmpty).toEqual(membership([3, 33]));
    expect(ofNoArray).toEqual(membership([0, 0], [2, 1]));
  });

  it('another array adds its element; the same element of a shared array changes nothing', () => {
    // Prepare
    const soFar = membership([0, 0], [2, 1], [4, 2]);
    // Act
    const widened = mergeMembership(soFar, membership([3, 33]));
    const same = mergeMembership(soFar, membership([2, 1]));
    // Assess
    expect(widened).toEqual(membership([0, 0], [2, 1], [4, 2], [3, 33]));
    expect(same).toBe(soFar);
  });

  it('another element of a shared array is refused, whichever side it comes from, and after a merge', () => {
    // Prepare
    const soFar = membership([0, 0], [2, 1]);
    // Act
    const conflict = mergeMembership(soFar, membership([2, 2]));
    const reversed = mergeMembership(membership([2, 2]), soFar);
    const afterMerge = mergeMembership(
      mergeMembership(soFar, membership([3, 33])) ?? soFar,
      membership([3, 44]),
    );
    // Assess
    expect([conflict, reversed, afterMerge]).toEqual([undefined, undefined, undefined]);
  });
});

describe('Rule: an event is read as its scalar values at the paths a pattern names, with the elements of the arrays of objects they sit in', () => {
  it('scalars directly in an array share its membership; objects and empty arrays give no value', () => {
    // Prepare
    const tree = newPathTree();
    const b = addPath(tree, ['a', 'b']);
    const a = addPath(tree, ['a']);
    // Act
    const fields = eventFields({ a: [{ b: ['x', 'y'] }, { b: [] }, { b: { c: 1 } }, 'z'] }, tree);
    // Assess
    expect(fields.get(b)).toEqual([
      { value: 'x', membership: membership([0, 0]) },
      { value: 'y', membership: membership([0, 0]) },
    ]);
    expect(fields.get(a)).toEqual([{ value: 'z', membership: NO_MEMBERSHIP }]);
  });
});
