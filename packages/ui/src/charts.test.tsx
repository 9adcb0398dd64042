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
});
