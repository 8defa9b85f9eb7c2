import { CAD_MAX_BYTES } from '@loupe/domain/designs/design-files';
import { describe, expect, it } from 'vitest';
import { cadProblem } from './cad-files';

describe('cadProblem', () => {
  it('takes STL, OBJ, 3DM and STEP files within the limit, and says what is wrong with others', () => {
    expect(cadProblem({ name: 'ring.stl', size: 1000 })).toBeNull();
    expect(cadProblem({ name: 'ring.3DM', size: CAD_MAX_BYTES })).toBeNull();
    expect(cadProblem({ name: 'ring.zip', size: 10 })).toBe(
      'ring.zip is not a CAD file: use .stl,.obj,.3dm,.step,.stp.',
    );
    expect(cadProblem({ name: 'scan.stl', size: CAD_MAX_BYTES + 1 })).toBe('scan.stl is larger than 50 MB.');
  });
});
