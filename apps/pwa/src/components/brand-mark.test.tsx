import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandMark } from './brand-mark.tsx';

const classesOf = (className?: string) =>
  render(<BrandMark className={className} />)
    .container.querySelector('svg')
    ?.getAttribute('class')
    ?.split(' ');

describe('brand mark', () => {
  it('is size-8 unless the caller gives a size, which then replaces it (no tailwind-merge on the login screen)', () => {
    expect(classesOf()).toEqual(['size-8', 'shrink-0']);
    expect(classesOf('size-7 text-primary')).toEqual(['shrink-0', 'size-7', 'text-primary']);
    expect(classesOf('text-primary')).toEqual(['size-8', 'shrink-0', 'text-primary']);
  });
});
