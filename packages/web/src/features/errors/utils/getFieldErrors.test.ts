import { describe, expect, it } from 'vitest';
import { flattenFieldMessages } from './flattenFieldMessages';
import { getFieldErrors } from './getFieldErrors';

describe('getFieldErrors', () => {
  it("flattens marshmallow's nested messages to dotted paths, list indexes included", () => {
    const message = {
      database_name: ['A database with the same name already exists.'],
      parameters: { host: ['Not a valid string.'], port: ['Not a valid integer.', 'Must be greater than 0.'] },
      columns: { 0: { verbos_name: ['Unknown field.'] } },
    };
    expect(getFieldErrors({ status: 400, data: { message } })).toEqual({
      database_name: ['A database with the same name already exists.'],
      'parameters.host': ['Not a valid string.'],
      'parameters.port': ['Not a valid integer.', 'Must be greater than 0.'],
      'columns.0.verbos_name': ['Unknown field.'],
    });
  });

  it("files a nested object's _schema under the object, and keeps the body's own _schema", () => {
    expect(flattenFieldMessages({ parameters: { _schema: ['Invalid input type.'], host: ['x'] }, _schema: ['Bad.'] })).toEqual({
      parameters: ['Invalid input type.'],
      'parameters.host': ['x'],
      _schema: ['Bad.'],
    });
  });

  it('reads a field called constructor like any other', () => {
    expect(flattenFieldMessages({ constructor: ['Not a valid string.'] })).toEqual({ constructor: ['Not a valid string.'] });
  });

  it('answers nothing for a string message or no body', () => {
    expect(getFieldErrors({ status: 400, data: { message: 'Not a valid rison argument' } })).toEqual({});
    expect(flattenFieldMessages(undefined)).toEqual({});
  });
});
