import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from './language-switch.tsx';

describe('language switch', () => {
  it('shows the language on a plain button, then loads and opens the menu on the first click', async () => {
    render(<LanguageSwitch />);
    expect(screen.queryByRole('menu')).toBeNull();
    const button = screen.getByTestId('language-switch');
    expect(button.textContent).toContain('English');
    fireEvent.click(button);
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((item) => item.getAttribute('lang'))).toEqual(['en', 'ar']);
  });
});
