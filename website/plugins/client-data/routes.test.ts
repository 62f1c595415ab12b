import {describe, expect, it} from 'vitest';
import {CLIENT_ROUTES_CHUNK_NAMES} from './routes';

describe('the browser’s routesChunkNames.json', () => {
  it('is an empty table the route components fill in', () => {
    expect(JSON.parse(CLIENT_ROUTES_CHUNK_NAMES)).toEqual({});
  });
});
