import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DonutChart, LineChart, niceTicks } from './charts.tsx';
import { UiProvider } from './provider.tsx';

describe('niceTicks', () => {
  it('covers the maximum with round steps', () => {
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(120)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3, 4]);
  });
  it('gives unit steps for an empty series', () => {
    expect(niceTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('charts', () => {
  it('draws one line per series and the legend', () => {
    const { container } = render(
      <UiProvider toaster={false}>
        <LineChart
          labels={['05-01', '05-02', '05-03']}
          series={[
            { name: '注册', values: [1, 3, 2] },
            { name: '登录', values: [4, 0, 5] },
          ]}
        />
      </UiProvider>,
    );
    expect(container.querySelectorAll('polyline')).toHaveLength(2);
    expect(screen.getByText('注册')).toBeInTheDocument();
    expect(screen.getByText('05-03')).toBeInTheDocument();
  });
  it('shows shares in the donut legend and an empty text without data', () => {
    render(
      <UiProvider toaster={false}>
        <DonutChart
          items={[
            { name: 'Admin', value: 1 },
            { name: 'Teacher', value: 3 },
          ]}
        />
        <DonutChart items={[]} emptyText="无数据" />
      </UiProvider>,
    );
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('无数据')).toBeInTheDocument();
  });
  it('adds exact values and shows them only through formatValue (money in integer fen)', () => {
    // Yuan as floating point: 0.1 + 0.2 and 4084.96-like sums drift (0.30000000000000004); fen do not.
    const money = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
    const { container } = render(
      <UiProvider toaster={false}>
        <DonutChart
          items={[
            { name: '课程', value: 10 },
            { name: '试卷', value: 20 },
            { name: '作业', value: 408_466 },
          ]}
          formatValue={money}
        />
        <LineChart labels={['05-01', '05-02']} series={[{ name: '净收入', values: [0, 408_496] }]} formatValue={money} />
      </UiProvider>,
    );
    expect(screen.getByTestId('donut-total')).toHaveTextContent('¥4084.96');
    expect(screen.getByText('¥0.20')).toBeInTheDocument();
    // Axis ticks go through the same formatter.
    expect([...container.querySelectorAll('svg text')].map((n) => n.textContent)).toContain('¥0.00');
  });
});
