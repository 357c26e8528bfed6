import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Harness() {
  const [selected, setSelected] = useState<'all' | 'action' | 'archived'>('all');
  return (
    <Tabs
      label="Notifications"
      tabs={[
        { id: 'all', label: 'All' },
        { id: 'action', label: 'Action required' },
        { id: 'archived', label: 'Archived' },
      ]}
      selectedId={selected}
      onSelect={setSelected}
    >
      <p>Panel {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('moves selection and focus with arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const all = screen.getByRole('tab', { name: 'All' });
    await user.click(all);
    await user.keyboard('{ArrowRight}');
    const action = screen.getByRole('tab', { name: 'Action required' });
    expect(action.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(action);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel action');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Archived' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(all);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Archived' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(all.getAttribute('aria-selected')).toBe('true');
  });

  it('keeps only the selected tab in the tab order and labels the panel by it', () => {
    render(<Harness />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(screen.getByRole('tabpanel', { name: 'All' })).toBeTruthy();
  });
});
