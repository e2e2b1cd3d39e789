import { Link } from 'react-router';
import { Card, Col, Row, Typography } from 'antd';
import { usePermissions } from '../../auth';
import { canOpenSection } from '../../navigation';
import { HOME_CARDS } from '../utils/homeCards';

/** Shortcut cards to the main areas the user may open. */
export function WelcomeCards() {
  const { can } = usePermissions();
  return (
    <Row gutter={[16, 16]}>
      {HOME_CARDS.filter((card) => canOpenSection(can, card.to)).map((card) => (
        <Col key={card.key} xs={24} sm={12} lg={8} xl={{ flex: '20%' }}>
          <Link to={card.to} data-test={`home-card-${card.key}`} style={{ display: 'block', height: '100%' }}>
            <Card hoverable style={{ height: '100%' }}>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                <span style={{ marginRight: 8 }}>{card.icon}</span>
                {card.title}
              </Typography.Title>
              <Typography.Text type="secondary">{card.description}</Typography.Text>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
